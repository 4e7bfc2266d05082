"use client";
// The state of a list or report page that reads one query whose parameters live in the address:
// replacing those parameters, and showing the query's loading, refreshing and failure.
import type { UseQueryResult } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { ErrorMessage, Loading, Pending } from "./ui";

/** Replaces the page's query string (the list's state lives in the address), without scrolling. */
export function useReplaceQuery() {
  const router = useRouter();
  const pathname = usePathname();
  return (query: string | URLSearchParams) => router.replace(`${pathname}?${query}`, { scroll: false });
}

/**
 * A query's first load (when `loading` allows it: a query not yet enabled shows nothing), its
 * refreshes, and its failure with a way to try again.
 */
export function QueryStatus(props: { query: UseQueryResult<unknown>; loading?: boolean }) {
  const { query } = props;
  return (
    <>
      {(props.loading ?? true) && query.isPending ? <Loading /> : null}
      <Pending active={query.isFetching && !query.isPending} />
      {query.isError ? <ErrorMessage error={query.error} onRetry={() => query.refetch()} /> : null}
    </>
  );
}
