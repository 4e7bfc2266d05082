// 404 of /memorial/{id}: unknown id, memorial awaiting confirmation, or made with a test key
// (contract.md, Memorials). The same page for all three, so nothing tells them apart.
import type { Metadata } from "next";
import { messagesFor } from "@/lib/i18n/messages";
import { requestLanguage } from "@/lib/i18n/request-language";

export const metadata: Metadata = { title: "404" };

export default async function MemorialNotFound() {
  const messages = messagesFor(await requestLanguage());
  return (
    <main id="content" className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="font-serif text-3xl text-forest-800">{messages.notFoundTitle}</h1>
      <p className="mt-4">{messages.notFoundText}</p>
      <p className="mt-6">
        <a className="text-forest-700 underline" href="/">
          {messages.home}
        </a>
      </p>
    </main>
  );
}
