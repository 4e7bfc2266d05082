// 404 of /memorial/{id}: unknown id, memorial awaiting confirmation, or made with a test key
// (contract.md, Memorials). The same page for all three, so nothing tells them apart.

import { translator } from "@memorial/lib/i18n/translate";
import type { Metadata } from "next";
import { requestLanguage } from "@/web/i18n/request-language";

export const metadata: Metadata = { title: "404" };

export default async function MemorialNotFound() {
  const t = translator(await requestLanguage(), "page");
  return (
    <main id="content" className="mx-auto max-w-2xl px-6 py-16">
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
