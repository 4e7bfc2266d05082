// The 404 of the public pages (the site's, a memorial's), in the visitor's language (?lang=, else
// Accept-Language): one page, so that a memorial's 404 reads as any other.
import { translator } from "@memorial/lib/i18n/translate";
import { requestLanguage } from "@/web/i18n/request-language";

/** `mainId`: the id of <main> where the page is a skip link's target. */
export async function PublicNotFound({ mainId }: { mainId?: string }) {
  const t = translator(await requestLanguage(), "page");
  return (
    <main id={mainId} className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="font-serif text-3xl text-forest-800">{t("notFoundTitle")}</h1>
      <p className="mt-4">{t("notFoundText")}</p>
      <p className="mt-6">
        <a className="text-forest-700 underline" href="/">
          {t("home")}
        </a>
      </p>
    </main>
  );
}
