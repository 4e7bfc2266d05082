"use client";
import type { Language } from "@memorial/lib/i18n/languages";
// React Query and the dashboard's language, for every dashboard page.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RequestError } from "./fetch-json";
import type { DashboardMessages } from "./i18n";
import { I18nProvider } from "./i18n";

export function DashboardProviders(props: {
  lang: Language;
  messages: DashboardMessages;
  children: React.ReactNode;
}) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 15_000,
            // A refused or invalid request will not succeed by asking again.
            retry: (count, error) => !(error instanceof RequestError && error.status < 500) && count < 2,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <I18nProvider lang={props.lang} messages={props.messages}>
        {props.children}
      </I18nProvider>
    </QueryClientProvider>
  );
}
