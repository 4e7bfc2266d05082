"use client";
import { formatMessage, type MessageValues } from "@memorial/lib/i18n/format-message";
import type { Language } from "@memorial/lib/i18n/languages";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// The dashboard's words on the client: the server picks the language and passes the dashboard's
// messages of its catalogue (lib/i18n/translate.ts, messagesIn); they are formatted here.
import { createContext, useContext } from "react";

export type DashboardMessages = Record<DashboardKey, string>;

const I18nContext = createContext<{ lang: Language; messages: DashboardMessages } | null>(null);

export function I18nProvider(props: {
  lang: Language;
  messages: DashboardMessages;
  children: React.ReactNode;
}) {
  return (
    <I18nContext.Provider value={{ lang: props.lang, messages: props.messages }}>
      {props.children}
    </I18nContext.Provider>
  );
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside the dashboard");
  const { lang, messages } = value;
  const t = (key: DashboardKey, values?: MessageValues) => formatMessage(lang, messages[key], values);
  return { lang, t };
}
