// 404 of the site's pages, in the visitor's language (?lang=, else Accept-Language).
import { messagesFor } from "@/lib/i18n/messages";
import { requestLanguage } from "@/lib/i18n/request-language";

export default async function NotFound() {
  const messages = messagesFor(await requestLanguage());
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
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
