// /dashboard/trees/{id}: one of the operator's trees, its state and history (lib/trees/queries.ts
// treeLife), and the forms its state allows: planted in the ground while ordered, a check or a
// death while in the ground. Another operator's tree is not found.

import { formatDate, formatDateTime } from "@memorial/lib/dashboard/format";
import { mebibytes, ownTree } from "@memorial/lib/dashboard/trees";
import { translator } from "@memorial/lib/i18n/translate";
import { photoUrl } from "@memorial/lib/photos/photos";
import { settings } from "@memorial/lib/settings";
import { movesOfTree } from "@memorial/lib/trees/move-queries";
import { parseId } from "@memorial/lib/validation";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { DetailHeader } from "@/components/dashboard/detail-header";
import { MemorialLink, TreeLink } from "@/components/dashboard/links";
import { CheckForm, DeathForm, InGroundForm } from "@/components/dashboard/tree-forms";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardMessages } from "@/web/dashboard/page-title";

export async function generateMetadata(props: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { t } = await dashboardMessages();
  const id = parseId((await props.params).id);
  return { title: id === null ? t("notFoundTitle") : t("trees_treeTitle", { id }) };
}

const dl = "grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]";

/** One fact of the tree: its name, and its value (with the test id it is read by, if any). */
function Fact(props: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </>
  );
}

const STATUS_CLASS: Record<string, string> = {
  ordered: "bg-amber-100 text-amber-900",
  in_ground: "bg-forest-100 text-forest-900",
  monitored: "bg-forest-100 text-forest-900",
  dead: "bg-stone-200 text-stone-900",
  replaced: "bg-stone-200 text-stone-900",
};

export default async function TreePage(props: { params: Promise<{ id: string }> }) {
  const session = await requireOperator();
  const treeId = parseId((await props.params).id);
  const tree = treeId === null ? null : await ownTree(session.scope, treeId);
  if (!tree) notFound();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const t = translator(lang, "dashboard");
  const m = translator(lang, "move");
  // The memorials it was moved between (tree_move).
  const moves = await movesOfTree(session.scope, tree.treeId);
  const day = (value: string | null) => (value ? formatDate(`${value}T00:00:00Z`, lang) : "—");
  const inGround = tree.status === "in_ground" || tree.status === "monitored";
  const photoLimit = mebibytes(settings().PHOTO_MAX_BYTES);
  // Another tree: the one that replaced this one, the one it replaces, a replacement in its history.
  const treeLink = (id: number) => <TreeLink id={id}>{t("trees_treeTitle", { id })}</TreeLink>;

  return (
    <div className="space-y-8">
      <DetailHeader
        back="/dashboard/trees"
        backLabel={t("trees_backToList")}
        title={t("trees_treeTitle", { id: tree.treeId })}
      >
        <span
          className={`rounded px-2 py-0.5 text-sm font-medium ${STATUS_CLASS[tree.status]}`}
          data-testid="tree-status"
          data-status={tree.status}
        >
          {t(`trees_status_${tree.status}`)}
        </span>
        <MemorialLink id={tree.memorialId}>
          {t("trees_memorial")} {tree.memorialId}
        </MemorialLink>
      </DetailHeader>

      <dl className={dl} data-testid="tree-facts">
        <Fact label={t("colSpecies")}>{tree.species}</Fact>
        <Fact label={t("colSite")}>{tree.plantation}</Fact>
        <Fact label={t("trees_colOrdered")}>{formatDate(tree.orderedAt, lang)}</Fact>
        <Fact label={t("trees_inGroundOn")} testId="tree-in-ground-on">
          {day(tree.inGroundOn)}
        </Fact>
        {tree.latitude && tree.longitude ? (
          <Fact label={t("trees_point")}>
            {tree.latitude}, {tree.longitude}
          </Fact>
        ) : null}
        {tree.plantedBy ? <Fact label={t("trees_plantedBy")}>{tree.plantedBy}</Fact> : null}
        {tree.lastCheck ? (
          <Fact label={t("trees_lastCheck")} testId="tree-last-check">
            {day(tree.lastCheck.on)} · {t(`trees_health_${tree.lastCheck.health}`)}
            {tree.lastCheck.heightCm !== null
              ? ` · ${t("trees_heightValue", { cm: tree.lastCheck.heightCm })}`
              : ""}
          </Fact>
        ) : null}
        {tree.diedOn ? (
          <Fact label={t("trees_diedOn")} testId="tree-died">
            {day(tree.diedOn)}
            {tree.deathReason ? ` · ${t(`trees_reason_${tree.deathReason}`)}` : ""}
          </Fact>
        ) : null}
        {tree.replacedByTreeId ? (
          <Fact label={t("trees_replacedBy")} testId="tree-replaced-by">
            {treeLink(tree.replacedByTreeId)}
          </Fact>
        ) : null}
        {tree.replacesTreeId ? (
          <Fact label={t("trees_replaces")} testId="tree-replaces">
            {treeLink(tree.replacesTreeId)}
          </Fact>
        ) : null}
      </dl>
      {tree.photoKey ? (
        // biome-ignore lint/performance/noImgElement: a photo of the service's own /photos route, already sized
        <img
          src={photoUrl(tree.photoKey, "")}
          alt={t("trees_photoAlt", { id: tree.treeId })}
          className="max-h-96 rounded-lg border border-stone-200"
          data-testid="tree-photo"
        />
      ) : null}

      <section aria-labelledby="history-title" className="space-y-2">
        <h2 id="history-title" className="text-xl font-semibold">
          {t("trees_history")}
        </h2>
        {tree.history.length === 0 ? (
          <p>{t("trees_historyNone")}</p>
        ) : (
          <ol className="space-y-2" data-testid="tree-history">
            {tree.history.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
              <li key={index} data-step={entry.step} className="rounded border border-stone-200 bg-white p-3">
                <span className="font-medium">{t(`trees_step_${entry.step}`)}</span> · {day(entry.on)}
                {entry.health ? ` · ${t(`trees_health_${entry.health}`)}` : ""}
                {entry.heightCm !== null ? ` · ${t("trees_heightValue", { cm: entry.heightCm })}` : ""}
                {entry.reason ? ` · ${t(`trees_reason_${entry.reason}`)}` : ""}
                {entry.plantedBy ? ` · ${entry.plantedBy}` : ""}
                {entry.latitude && entry.longitude ? ` · ${entry.latitude}, ${entry.longitude}` : ""}
                {entry.replacementTreeId ? (
                  <>
                    {" · "}
                    {treeLink(entry.replacementTreeId)}
                  </>
                ) : null}
                {entry.note ? (
                  <span className="block whitespace-pre-wrap text-stone-700">{entry.note}</span>
                ) : null}
                <span className="block text-sm text-stone-600">
                  {t("trees_recordedBy", { who: entry.recordedBy })} ·{" "}
                  {formatDateTime(entry.recordedAt, lang)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {moves.length > 0 ? (
        <section aria-labelledby="moves-title" className="space-y-2">
          <h2 id="moves-title" className="text-xl font-semibold">
            {m("historyHeading")}
          </h2>
          <ol className="space-y-1 text-sm" data-testid="tree-moves">
            {moves.map((move) => (
              <li key={move.id}>
                {formatDateTime(move.movedAt, lang)} ·{" "}
                {m("movedOut", { tree: move.treeId, to: move.toMemorialId, by: move.movedBy })} (
                <MemorialLink id={move.fromMemorialId}>{move.fromMemorialId}</MemorialLink> →{" "}
                <MemorialLink id={move.toMemorialId}>{move.toMemorialId}</MemorialLink>)
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {tree.status === "ordered" ? (
        <InGroundForm treeIds={[tree.treeId]} title={t("trees_inGroundTitle")} photoLimit={photoLimit} />
      ) : null}
      {inGround ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <CheckForm treeId={tree.treeId} photoLimit={photoLimit} />
          <DeathForm treeId={tree.treeId} replacementYears={settings().REPLACEMENT_YEARS} />
        </div>
      ) : null}
    </div>
  );
}
