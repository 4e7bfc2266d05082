// The home page, in the visitor's language (?lang=, else the browser's Accept-Language).
import type { Metadata } from "next";
import { LanguageSwitch } from "@/components/public/language-switch";
import { requestLanguage } from "@/lib/i18n/request-language";
import { translator } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await requestLanguage(), "page");
  return { title: { absolute: t("siteName") }, description: t("footer") };
}

export default async function HomePage() {
  const language = await requestLanguage();
  const t = translator(language, "page");
  return (
    <>
      <header className="border-b border-forest-100 bg-white">
        <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-3 px-6 py-3">
          <span className="font-serif text-lg text-forest-800">{t("siteName")}</span>
          <LanguageSwitch current={language} path="/" />
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-6 py-16">
        <h1 className="font-serif text-4xl text-forest-800">{t("siteName")}</h1>
        <p className="mt-4 text-lg">{t("homeLead")}</p>
        <p className="mt-6">{t("homePartners")}</p>
        <p className="mt-2">
          <a className="underline" href="/docs">
            /docs
          </a>{" "}
          ·{" "}
          <a className="underline" href="/openapi.json">
            /openapi.json
          </a>
        </p>
      </main>
    </>
  );
}
