"use client";
// The dashboard's words on the client: the server picks the language and passes its messages.
import { createContext, useContext } from "react";
import { type DashboardMessages, fill, type MessageKey } from "@/lib/i18n/dashboard-messages";
import type { Language } from "@/lib/i18n/languages";

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
  const t = (key: MessageKey, values?: Record<string, string | number>) =>
    values ? fill(messages[key], values, lang) : messages[key];
  return { lang, t };
}
