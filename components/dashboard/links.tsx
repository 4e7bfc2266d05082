// A link to one of the operator's memorials in the dashboard, with the dashboard's look of a link;
// server and client components alike (nothing here needs the browser).
import Link from "next/link";
import type { ReactNode } from "react";

export function MemorialLink(props: { id: number; children: ReactNode }) {
  return (
    <Link className="text-forest-700 underline" href={`/dashboard/memorials/${props.id}`}>
      {props.children}
    </Link>
  );
}
