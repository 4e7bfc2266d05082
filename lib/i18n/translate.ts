// The texts of the service in its four languages: one catalogue per language
// (lib/i18n/catalogues/{fr,nl,en,de}.ts), keys namespaced by where they are read — page.* (public
// pages, confirmation and management pages), certificate.* (the PDF), share.* (a shared link's
// text), dashboard.* (the operators' dashboard and its form reasons), email.* (e-mails to families and to team members). French is the
// reference: its keys type the other catalogues, so a missing or extra key is a type error, and
// lib/i18n/catalogues.test.ts checks keys and arguments at run time.
import { de } from "./catalogues/de";
import { en } from "./catalogues/en";
import { type Catalogue, fr, type MessageKey } from "./catalogues/fr";
import { nl } from "./catalogues/nl";
import { formatMessage, type MessageValues } from "./format-message";
import type { Language } from "./languages";

export type { Catalogue, MessageKey, MessageValues };

export const CATALOGUES: Record<Language, Catalogue> = { fr, nl, en, de };

/** The namespaces of the keys: "page", "certificate", "share", "dashboard", "email". */
export type Namespace = MessageKey extends `${infer N}.${string}` ? N : never;
/** The keys of one namespace, without its prefix ("dashboard.save" → "save"). */
export type KeyIn<N extends Namespace> = MessageKey extends infer K
  ? K extends `${N}.${infer R}`
    ? R
    : never
  : never;

/** The text of `key` in `language`, its arguments filled and its plural forms chosen. */
export function t(language: Language, key: MessageKey, values?: MessageValues): string {
  return formatMessage(language, CATALOGUES[language][key], values);
}

/** `t` for one language and one namespace: `translator("nl", "page")("siteName")`. */
export function translator<N extends Namespace>(language: Language, namespace: N) {
  return (key: KeyIn<N>, values?: MessageValues): string =>
    t(language, `${namespace}.${key}` as MessageKey, values);
}

/** The messages of one namespace, unformatted, for the dashboard's client components. */
export function messagesIn<N extends Namespace>(language: Language, namespace: N): Record<KeyIn<N>, string> {
  const prefix = `${namespace}.`;
  const messages: Record<string, string> = {};
  for (const [key, message] of Object.entries(CATALOGUES[language]))
    if (key.startsWith(prefix)) messages[key.slice(prefix.length)] = message;
  return messages as Record<KeyIn<N>, string>;
}

/** A key of the dashboard's messages, without its "dashboard." prefix. */
export type DashboardKey = KeyIn<"dashboard">;
export type DashboardTranslator = ReturnType<typeof translator<"dashboard">>;
export type PageTranslator = ReturnType<typeof translator<"page">>;
