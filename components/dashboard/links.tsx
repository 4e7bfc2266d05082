// The dashboard's links, with its look of a link; server and client components alike (nothing
// here needs the browser).
import Link from "next/link";
import type { ReactNode } from "react";

export function DashboardLink(props: { href: string; "data-testid"?: string; children: ReactNode }) {
  return (
    <Link className="text-forest-700 underline" href={props.href} data-testid={props["data-testid"]}>
      {props.children}
    </Link>
  );
}

/** A link to one of the operator's memorials. */
export function MemorialLink(props: { id: number; children: ReactNode }) {
  return <DashboardLink href={`/dashboard/memorials/${props.id}`}>{props.children}</DashboardLink>;
}

/** A link to one of the operator's trees. */
export function TreeLink(props: { id: number; "data-testid"?: string; children: ReactNode }) {
  return (
    <DashboardLink href={`/dashboard/trees/${props.id}`} data-testid={props["data-testid"]}>
      {props.children}
    </DashboardLink>
  );
}
