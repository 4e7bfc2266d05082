// One planted tree: its species and figures, its status (ordered, in the ground, checked, dead,
// replaced), where and when it was planted, by whom, its photo, and the planter's
// message. All text goes through React, which escapes it.
import type { Language } from "@memorial/lib/i18n/languages";
import { type PageTranslator, translator } from "@memorial/lib/i18n/translate";
import {
  formatCalendarDate,
  formatMoment,
  formatUnit,
  treeStatusText,
} from "@memorial/lib/memorials/public-page";
import type { PublicSite, PublicTree } from "@memorial/lib/memorials/public-queries";

export function TreeCard({
  tree,
  site,
  language,
  t,
  countryName,
  photoSrc,
}: {
  tree: PublicTree;
  site: PublicSite | undefined;
  language: Language;
  t: PageTranslator;
  countryName: (code: string) => string;
  /** The address of its photo (lib/photos photoUrl), when it has one. */
  photoSrc: string | null;
}) {
  const headingId = `tree-${tree.id}`;
  const life = tree.life;
  const lifeWords = translator(language, "trees");
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-xl border border-forest-100 bg-white p-5 shadow-sm"
      data-testid="tree-card"
      data-tree-id={tree.id}
      data-status={life.status}
    >
      {photoSrc ? (
        // biome-ignore lint/performance/noImgElement: a photo of our own, already resized (lib/photos); no JavaScript needed
        <img
          src={photoSrc}
          alt={lifeWords("photoAlt", { species: tree.species.names[language], site: site?.name ?? "" })}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="-mx-5 -mt-5 mb-4 aspect-[4/3] w-[calc(100%+2.5rem)] max-w-none rounded-t-xl object-cover"
          data-testid="tree-photo"
        />
      ) : null}
      <div className="flex items-start gap-3">
        <TreeIcon />
        <div>
          <h3 id={headingId} className="font-serif text-xl text-forest-800">
            {tree.quantity > 1 ? `${tree.quantity} × ` : ""}
            {tree.species.names[language]}
          </h3>
          <p className="text-sm italic text-stone-700">{tree.species.latinName}</p>
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2 text-xs text-forest-900">
        {tree.species.types[language] ? (
          <li className="rounded-full bg-forest-100 px-2 py-1">{tree.species.types[language]}</li>
        ) : null}
        <li className="rounded-full bg-forest-100 px-2 py-1">
          {t("maxHeight", { m: formatUnit(tree.species.maxHeightM, "meter", language) })}
        </li>
        <li className="rounded-full bg-forest-100 px-2 py-1">
          {t("lifespan", { years: formatUnit(tree.species.lifespanYears, "year", language) })}
        </li>
        <li className="rounded-full bg-forest-100 px-2 py-1">
          {t("co2PerTree", { kg: formatUnit(tree.species.co2KgPerTree, "kilogram", language) })}
        </li>
      </ul>
      <p
        className={`mt-4 rounded-lg px-3 py-2 text-sm font-semibold ${STATUS_STYLE[life.status]}`}
        data-testid="tree-status"
      >
        <span className="sr-only">{lifeWords("status")}: </span>
        {treeStatusText(life, language)}
      </p>
      {life.status === "replaced" && life.replacedOn ? (
        // A replaced tree also says when and why it died.
        <p className="mt-2 text-sm text-stone-700" data-testid="tree-died">
          {treeStatusText({ ...life, status: "dead" }, language)}
        </p>
      ) : null}
      {life.isReplacement ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="tree-replacement">
          {lifeWords("replacement")}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {life.inGroundOn ? (
          <>
            <dt className="text-stone-700">{t("plantedOn")}</dt>
            <dd data-testid="tree-planted-on">
              <time dateTime={life.inGroundOn}>
                {formatCalendarDate(new Date(life.inGroundOn), language)}
              </time>
            </dd>
          </>
        ) : null}
        <dt className="text-stone-700">{lifeWords("orderedOn")}</dt>
        <dd>
          <time dateTime={tree.plantedAt}>{formatMoment(new Date(tree.plantedAt), language)}</time>
        </dd>
        <dt className="text-stone-700">{t("site")}</dt>
        <dd>
          {site ? (
            <>
              {site.name}
              <span className="block text-stone-700">
                {site.region}, {countryName(site.country)}
              </span>
            </>
          ) : null}
        </dd>
        <dt className="text-stone-700">{t("plantedBy")}</dt>
        <dd className="font-semibold" data-testid="planter">
          {/* A replacement's planter is the service's word, stored in the memorial's language. */}
          {/* A visitor whose words the family has not published is "a visitor". */}
          {life.isReplacement
            ? t("replacementPlanter")
            : tree.planterHidden
              ? translator(language, "plant")("visitor")
              : tree.planter}
        </dd>
      </dl>
      {tree.message?.trim() ? (
        <figure className="mt-4 border-l-4 border-forest-600 pl-3">
          <figcaption className="sr-only">{t("message")}</figcaption>
          <blockquote className="whitespace-pre-line font-serif text-stone-800" data-testid="planter-message">
            {tree.message}
          </blockquote>
        </figure>
      ) : null}
    </article>
  );
}

/** Each status its colours (text in words, never colour alone). */
const STATUS_STYLE: Record<PublicTree["life"]["status"], string> = {
  ordered: "bg-stone-100 text-stone-800",
  in_ground: "bg-forest-100 text-forest-900",
  monitored: "bg-forest-100 text-forest-900",
  dead: "bg-amber-50 text-amber-900",
  replaced: "bg-amber-50 text-amber-900",
};

function TreeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="mt-1 h-7 w-7 shrink-0" aria-hidden="true" focusable="false">
      <path d="M12 2 5 12h4l-3 5h12l-3-5h4L12 2Z" fill="#2f6b3f" />
      <rect x="11" y="17" width="2" height="5" fill="#7c4a1e" />
    </svg>
  );
}
