// The head of one record's page (a memorial, a tree): the link back to its list, its title, and
// a line of what it is (its state, its links); a server component.
import type { ReactNode } from "react";
import { DashboardLink } from "./links";

export function DetailHeader(props: { back: string; backLabel: string; title: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-2">
        <DashboardLink href={props.back}>← {props.backLabel}</DashboardLink>
      </p>
      <h1 className="font-serif text-2xl text-forest-800 sm:text-3xl">{props.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-stone-700">{props.children}</p>
    </div>
  );
}
