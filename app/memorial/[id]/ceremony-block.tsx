// The memorial's ceremony on its page (lib/ceremonies/public-block.ts says what it reads at the
// moment of the render). Links and text only, no client JavaScript; the rendered-page cache keeps
// the page no longer than the block's next change (lib/http/page-cache.ts).
import type { CeremonyBlock } from "@memorial/lib/ceremonies/public-block";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { BUTTON_CLASS } from "@/components/public/form-parts";

const LINK =
  "font-semibold text-forest-800 underline hover:text-forest-900 focus:outline-2 focus:outline-offset-2 focus:outline-forest-600";

const PHASE_KEY = {
  upcoming: "ceremonyUpcoming",
  past: "ceremonyPast",
  cancelled: "ceremonyCancelled",
} as const;

export function CeremonySection({
  block,
  calendarHref,
  language,
}: {
  block: CeremonyBlock;
  calendarHref: string;
  language: Language;
}) {
  const t = translator(language, "page");
  return (
    <section
      aria-labelledby="ceremony-heading"
      className="rounded-xl bg-white p-5 ring-1 ring-forest-100"
      data-testid="ceremony"
      data-phase={block.phase}
      data-starts-at={block.startsAt}
    >
      <h2 id="ceremony-heading" className="font-serif text-2xl text-forest-800">
        {t("ceremonyHeading")}
      </h2>
      <p
        className={`mt-3 text-lg ${block.phase === "cancelled" ? "font-semibold text-stone-900" : "text-stone-800"}`}
        data-testid="ceremony-when"
      >
        {t(PHASE_KEY[block.phase], { when: block.when })}
      </p>
      {block.previously ? (
        <p className="mt-1 text-stone-800" data-testid="ceremony-moved">
          {t("ceremonyMoved", { previously: block.previously })}
        </p>
      ) : null}
      <dl className="mt-3">
        <dt className="text-sm text-stone-700">{t("ceremonyPlace")}</dt>
        <dd data-testid="ceremony-place">
          <span className="block">{block.placeName}</span>
          <span className="block">{block.placeAddress}</span>
          {block.phase === "upcoming" ? (
            <a
              href={block.mapUrl}
              rel="noopener noreferrer external"
              className={LINK}
              data-testid="ceremony-map"
            >
              {t("ceremonyMap")}
            </a>
          ) : null}
        </dd>
      </dl>
      {block.note && block.phase !== "cancelled" ? (
        <p className="mt-3 whitespace-pre-line text-stone-800" data-testid="ceremony-note">
          {block.note}
        </p>
      ) : null}
      {block.livestreamUrl ? (
        <p className="mt-3">
          <a
            href={block.livestreamUrl}
            rel="noopener noreferrer external"
            className={`inline-block ${BUTTON_CLASS}`}
            data-testid="ceremony-livestream"
          >
            {t(block.phase === "past" ? "ceremonyLivestreamPast" : "ceremonyLivestream")}
          </a>
        </p>
      ) : block.livestreamLater ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="ceremony-livestream-later">
          {t("ceremonyLivestreamLater")}
        </p>
      ) : null}
      {block.phase === "upcoming" ? (
        <p className="mt-3">
          <a href={calendarHref} className={LINK} data-testid="ceremony-calendar">
            {t("ceremonyCalendar")}
          </a>
        </p>
      ) : null}
    </section>
  );
}
