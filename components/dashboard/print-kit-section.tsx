// The memorial's ceremony print kit on its dashboard page: an A4 poster and an A6
// card (PDF) with the QR code of the memorial page, in the family's language; only for a memorial
// the public can see (a hidden or unconfirmed one's code would lead to a missing page).
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";

export function PrintKitSection(props: { memorialId: number; publiclyVisible: boolean; language: Language }) {
  const t = translator(props.language, "printkit");
  const href = (format: "poster" | "card") =>
    `/api/dashboard/memorials/${props.memorialId}/print-kit?format=${format}`;
  return (
    <section aria-labelledby="print-kit-title" className="space-y-2" data-testid="print-kit">
      <h2 id="print-kit-title" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      {props.publiclyVisible ? (
        <>
          <p className="text-sm text-stone-700">{t("help")}</p>
          <p className="flex flex-wrap gap-4">
            <a className="text-forest-700 underline" href={href("poster")} data-testid="print-kit-poster">
              {t("poster")}
            </a>
            <a className="text-forest-700 underline" href={href("card")} data-testid="print-kit-card">
              {t("card")}
            </a>
          </p>
        </>
      ) : (
        <p className="text-sm" data-testid="print-kit-refused">
          {t("notPublic")}
        </p>
      )}
    </section>
  );
}
