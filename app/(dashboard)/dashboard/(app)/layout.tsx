// The signed-in part of the dashboard: header, navigation, language menu, sign-out. Each page
// below checks the session again where it reads data (a layout is not re-run on every navigation),
// and the role where it needs admin (web/auth/session.ts requireRole): the navigation only hides.
import { DashboardHeader } from "@/components/dashboard/header";
import { requireOperator } from "@/web/auth/session";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await requireOperator();
  return (
    <>
      <DashboardHeader operatorName={session.operatorName} email={session.email} role={session.role} />
      {/* tabIndex -1: the skip link moves the focus here, so that the next Tab starts in the content. */}
      <main id="content" tabIndex={-1} className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
        {children}
      </main>
    </>
  );
}
