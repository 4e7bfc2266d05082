// 404 of the site's pages, in the visitor's language (?lang=, else Accept-Language).

import { translator } from "@memorial/lib/i18n/translate";
import { requestLanguage } from "@/web/i18n/request-language";

export default async function NotFound() {
  const t = translator(await requestLanguage(), "page");
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
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
