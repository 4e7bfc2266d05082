// /dashboard/duplicates: the signed-in operator's possible duplicates, two of its
// memorials that may have been made for the same person (lib/memorials/duplicates.ts), with what
// matches (the names' similarity, the days between the dates of death, the place), and for each
// pair "Merge, keep no. N" or "Not the same person"; a merge can be undone here for 30 days. Only
// the operator's own pairs: a pair is never made, nor shown, across operators.
import { formatDate } from "@memorial/lib/dashboard/format";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { type DuplicatePair, type DuplicateSide, listDuplicates } from "@memorial/lib/memorials/duplicates";
import type { Metadata } from "next";
import Link from "next/link";
import { PairActions } from "@/components/dashboard/duplicates-panel";
import { PageTitle } from "@/components/dashboard/ui";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardMessages } from "@/web/dashboard/page-title";

export async function generateMetadata(): Promise<Metadata> {
  const { language } = await dashboardMessages();
  return { title: translator(language, "duplicates")("title") };
}

/** The dashboard's card (components/dashboard/ui.tsx cardClass, a client module's constant). */
const card = "rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

type Words = ReturnType<typeof translator<"duplicates">>;

function Side(props: { side: DuplicateSide; t: Words; lang: Language }) {
  const { side, t, lang } = props;
  const name = [side.firstName, side.lastName].filter(Boolean).join(" ");
  return (
    <div
      className="min-w-0 flex-1 rounded border border-stone-200 p-3"
      data-testid={`side-${side.memorialId}`}
    >
      <p className="font-semibold">
        <Link className="underline" href={`/dashboard/memorials/${side.memorialId}`}>
          {t("memorial", { id: side.memorialId })}
        </Link>{" "}
        · {side.title}
      </p>
      <p>{name}</p>
      <p>
        {t("died", { date: formatDate(side.deathDate, lang) })}
        {side.placeOfDeath ? ` · ${side.placeOfDeath}` : ""}
      </p>
      <p className="text-sm text-stone-700">
        {t("created", { date: formatDate(side.createdAt, lang) })}
        {side.context ? ` ${t("createdBy", { context: side.context })}` : ""}
      </p>
      <p className="text-sm text-stone-700">
        {t("trees", { n: side.trees })} · {t("entries", { n: side.guestbookEntries })}
      </p>
    </div>
  );
}

/** What merging `merged` into `kept` moves, said before it is done. */
function confirmation(kept: DuplicateSide, merged: DuplicateSide, t: Words) {
  return {
    text: t("confirmText", {
      kept: kept.memorialId,
      keptTitle: kept.title,
      merged: merged.memorialId,
      mergedTitle: merged.title,
      trees: merged.trees,
      entries: merged.guestbookEntries,
    }),
    button: t("confirmMerge", { kept: kept.memorialId }),
  };
}

function Pair(props: { pair: DuplicatePair; t: Words; lang: Language }) {
  const { pair, t, lang } = props;
  const matches = [
    t("nameAlike", { percent: Math.round(pair.nameSimilarity * 100) }),
    pair.deathDaysApart === 0 ? t("sameDay") : t("dayApart"),
    pair.place ? t("samePlace", { place: pair.place }) : t("placeMissing"),
  ];
  return (
    <li className={card} data-testid={`duplicate-${pair.id}`}>
      <h2 className="font-serif text-lg">{t("pair", { id: pair.id })}</h2>
      <ul className="my-2 flex flex-wrap gap-2 text-sm" aria-label={t("title")}>
        {matches.map((match) => (
          <li key={match} className="rounded bg-forest-50 px-2 py-1">
            {match}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Side side={pair.first} t={t} lang={lang} />
        <Side side={pair.second} t={t} lang={lang} />
      </div>
      {pair.merge ? (
        <p className="mt-3" role="status">
          {t("merged", { kept: pair.merge.keptMemorialId, date: formatDate(pair.merge.mergedAt, lang) })}{" "}
          {t("undoUntil", { date: formatDate(pair.merge.undoUntil, lang) })}
        </p>
      ) : pair.state === "unmerged" ? (
        <p className="mt-3">{t("unmerged")}</p>
      ) : null}
      <PairActions
        duplicateId={pair.id}
        firstId={pair.first.memorialId}
        secondId={pair.second.memorialId}
        mergeId={pair.merge?.id ?? null}
        words={{
          notSame: t("notSame"),
          keepFirst: t("keep", { id: pair.first.memorialId }),
          keepSecond: t("keep", { id: pair.second.memorialId }),
          confirmTitle: t("confirmTitle"),
          confirmFirst: confirmation(pair.first, pair.second, t),
          confirmSecond: confirmation(pair.second, pair.first, t),
          cancel: t("cancel"),
          undo: t("undo"),
          undoExplained: t("undoExplained"),
          done: t("done"),
          working: translator(lang, "dashboard")("saving"),
        }}
      />
    </li>
  );
}

export default async function DuplicatesPage() {
  const session = await requireOperator();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const t = translator(lang, "duplicates");
  const pairs = await listDuplicates(session.operatorId);
  return (
    <div>
      <PageTitle>{t("title")}</PageTitle>
      <p className="mb-2 max-w-3xl">{t("lead")}</p>
      <p className="mb-4 max-w-3xl text-sm text-stone-700">{t("mergeExplained")}</p>
      {pairs.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {pairs.map((pair) => (
            <Pair key={pair.id} pair={pair} t={t} lang={lang} />
          ))}
        </ul>
      )}
    </div>
  );
}
