// On a memorial's dashboard page, move one of the operator's trees, or all of them, to
// another of its memorials, found by the memorial list's own search (lib/memorials/dashboard-queries.ts
// listMemorials); and the moves into and out of this memorial (tree_move). Plain forms: the search
// is a GET of this page, the move a Server Action that comes back here with its outcome.
import { formatDateTime } from "@memorial/lib/dashboard/format";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { listMemorials } from "@memorial/lib/memorials/dashboard-queries";
import type { OperatorScope } from "@memorial/lib/scope";
import { movesOfMemorial } from "@memorial/lib/trees/move-queries";
import { moveTreesAction } from "@/web/dashboard/move-actions";
import { MemorialLink } from "./links";

// The look of ./ui.tsx's inputs, written here: that module is the client's ("use client").
const labelClass = "block text-sm font-medium text-stone-800";
const inputClass = "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-base";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded bg-forest-700 px-4 py-2 font-medium text-white";

/** How many memorials the target search lists. */
const CANDIDATES = 10;

const MOVE_ERRORS = ["closed", "same", "tree", "target"] as const;

export interface MoveOutcome {
  search: string;
  moved: number | null;
  movedTo: number | null;
  error: string | null;
}

export async function MoveTreesSection(props: {
  scope: OperatorScope;
  memorialId: number;
  /** The operator's trees of this memorial on the page (their id and planter). */
  trees: { id: number; planter: string }[];
  outcome: MoveOutcome;
  language: Language;
}) {
  const m = translator(props.language, "move");
  const { memorialId, outcome } = props;
  const search = outcome.search.trim();
  const candidates = search
    ? (await listMemorials({ scope: props.scope, search, limit: CANDIDATES + 1, offset: 0 })).rows
        .filter((row) => row.id !== memorialId && row.status === "visible")
        .slice(0, CANDIDATES)
    : [];
  const moves = await movesOfMemorial(props.scope, memorialId);
  const error = MOVE_ERRORS.find((reason) => reason === outcome.error);
  const memorialLink = (id: number) => <MemorialLink id={id}>{id}</MemorialLink>;

  return (
    <section id="move-trees" aria-labelledby="move-title" className="space-y-3" data-testid="move-trees">
      <h2 id="move-title" className="text-xl font-semibold">
        {m("heading")}
      </h2>
      <p className="text-sm text-stone-700">{m("help")}</p>
      {outcome.moved !== null && outcome.movedTo !== null ? (
        <p
          role="status"
          className="rounded border border-forest-300 bg-forest-50 p-3"
          data-testid="move-done"
        >
          {m("done", { n: outcome.moved, to: outcome.movedTo })} ({memorialLink(outcome.movedTo)})
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-red-900"
          data-testid="move-error"
        >
          {m(`error_${error}`)}
        </p>
      ) : null}
      {props.trees.length === 0 ? (
        <p className="text-sm">{m("noTrees")}</p>
      ) : (
        <>
          <search>
            <form
              method="get"
              action={`/dashboard/memorials/${memorialId}#move-trees`}
              className="flex flex-wrap items-end gap-3"
            >
              <div className="grow sm:max-w-md">
                <label htmlFor="move-search" className={labelClass}>
                  {m("searchLabel")}
                </label>
                <input
                  id="move-search"
                  name="moveSearch"
                  type="search"
                  defaultValue={search}
                  className={inputClass}
                />
              </div>
              <button type="submit" className={buttonClass}>
                {m("searchButton")}
              </button>
            </form>
          </search>
          {search && candidates.length === 0 ? (
            <p className="text-sm" data-testid="move-no-candidates">
              {m("noCandidates")}
            </p>
          ) : null}
          {candidates.length > 0 ? (
            <form action={moveTreesAction} className="space-y-3" data-testid="move-form">
              <input type="hidden" name="memorialId" value={memorialId} />
              <fieldset>
                <legend className={labelClass}>{m("target")}</legend>
                {candidates.map((row, index) => (
                  <label key={row.id} className="flex items-center gap-2">
                    <input type="radio" name="to" value={row.id} required defaultChecked={index === 0} />
                    {m("targetOption", { title: row.title, id: row.id })}
                  </label>
                ))}
              </fieldset>
              <div>
                <label htmlFor="move-tree" className={labelClass}>
                  {m("which")}
                </label>
                <select id="move-tree" name="tree" className={inputClass} defaultValue="all">
                  <option value="all">{m("allTrees")}</option>
                  {props.trees.map((tree) => (
                    <option key={tree.id} value={tree.id}>
                      {m("oneTree", { id: tree.id, planter: tree.planter })}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass}>
                {m("submit")}
              </button>
            </form>
          ) : null}
        </>
      )}
      <h3 className="font-semibold">{m("historyHeading")}</h3>
      {moves.length === 0 ? (
        <p className="text-sm">{m("noMoves")}</p>
      ) : (
        <ul className="text-sm" data-testid="move-history">
          {moves.map((move) => (
            <li key={move.id} data-tree={move.treeId}>
              {formatDateTime(move.movedAt, props.language)} ·{" "}
              {move.toMemorialId === memorialId ? (
                <>
                  {m("movedIn", { tree: move.treeId, from: move.fromMemorialId, by: move.movedBy })} (
                  {memorialLink(move.fromMemorialId)})
                </>
              ) : (
                <>
                  {m("movedOut", { tree: move.treeId, to: move.toMemorialId, by: move.movedBy })} (
                  {memorialLink(move.toMemorialId)})
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
