// /dashboard: the memorial list is the home of the dashboard.
import { redirect } from "next/navigation";

export default function DashboardHome() {
  redirect("/dashboard/memorials");
}
