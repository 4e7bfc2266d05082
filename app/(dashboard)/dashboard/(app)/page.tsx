// /dashboard: the home of the dashboard, an overview of this calendar month against the last one
// (trees, CO2, memorials, confirmations awaited, amount), the trees waiting to be planted in the
// ground, the trees of the last 12 months, and the
// memorials whose family has not confirmed for more than 7 days, each with a resend button, and
// what becomes of the tree of a memorial never confirmed (admins change it).

import { mailConfigured } from "@memorial/lib/dashboard/emails";
import { formatCo2, formatDate, formatNumber } from "@memorial/lib/dashboard/format";
import { type MonthFigures, overview, STALE_CONFIRMATION_DAYS } from "@memorial/lib/dashboard/overview";
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import { type DashboardKey, translator } from "@memorial/lib/i18n/translate";
import { hasRole } from "@memorial/lib/users/roles";
import Link from "next/link";
import { BarChart } from "@/components/dashboard/bar-chart";
import { ResendButton } from "@/components/dashboard/resend-button";
import { UnconfirmedOutcome } from "@/components/dashboard/unconfirmed-outcome";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navOverview");

const money = (amount: string | number, lang: Language) =>
  new Intl.NumberFormat(LOCALES[lang], { style: "currency", currency: "EUR" }).format(Number(amount));

export default async function OverviewPage() {
  const session = await requireOperator();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const t = translator(lang, "dashboard");
  const data = await overview(session.scope);
  const monthName = new Intl.DateTimeFormat(LOCALES[lang], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(data.year, data.month - 1, 1)));

  const cards: { key: keyof MonthFigures; label: DashboardKey; show: (value: number | string) => string }[] =
    [
      { key: "trees", label: "overviewTrees", show: (v) => formatNumber(Number(v), lang) },
      { key: "co2Kg", label: "overviewCo2", show: (v) => formatCo2(v, lang) },
      { key: "memorials", label: "overviewMemorials", show: (v) => formatNumber(Number(v), lang) },
      { key: "awaiting", label: "overviewAwaiting", show: (v) => formatNumber(Number(v), lang) },
      { key: "amount", label: "overviewAmount", show: (v) => money(v, lang) },
    ];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="mb-1 font-serif text-2xl text-forest-800 sm:text-3xl">{t("overviewTitle")}</h1>
        <p className="text-stone-700">{t("overviewMonth", { month: monthName })}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="overview-figures">
        {cards.map((card) => (
          <div
            key={card.key}
            className="rounded-lg border border-stone-200 bg-white p-4"
            data-testid={`overview-${card.key}`}
          >
            <dt className="text-sm text-stone-600">{t(card.label)}</dt>
            <dd className="text-2xl font-semibold" data-testid="value">
              {card.show(data.current[card.key])}
            </dd>
            <dd className="text-sm text-stone-600" data-testid="previous">
              {t("overviewLastMonth", { value: card.show(data.previous[card.key]) })}
            </dd>
          </div>
        ))}
      </dl>
      <dl
        className="rounded-lg border border-stone-200 bg-white p-4 sm:max-w-sm"
        data-testid="overview-waiting"
      >
        <dt className="text-sm text-stone-600">{t("trees.overviewWaiting")}</dt>
        <dd className="text-2xl font-semibold" data-testid="value">
          <Link href="/dashboard/trees" className="underline decoration-stone-300 hover:decoration-inherit">
            {formatNumber(data.waiting, lang)}
          </Link>
        </dd>
        <dd className="text-sm text-stone-600">{t("trees.overviewWaitingNote")}</dd>
      </dl>
      <BarChart buckets={data.chart} unit="month" />
      <section aria-labelledby="stale-title" className="space-y-3">
        <h2 id="stale-title" className="text-xl font-semibold">
          {t("overviewStaleTitle", { days: STALE_CONFIRMATION_DAYS })}
        </h2>
        {mailConfigured() ? null : (
          <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="mail-off">
            {t("mailNotConfigured")}
          </p>
        )}
        {data.stale.total === 0 ? (
          <p>{t("overviewStaleNone")}</p>
        ) : (
          <>
            <p>{t("overviewStaleCount", { count: data.stale.total })}</p>
            <ul className="space-y-3" data-testid="stale-confirmations">
              {data.stale.rows.map((row) => (
                <li
                  key={row.id}
                  className="rounded-lg border border-amber-300 bg-amber-50 p-4"
                  data-memorial-id={row.id}
                >
                  <p className="mb-2">
                    <Link
                      className="font-medium text-forest-700 underline"
                      href={`/dashboard/memorials/${row.id}`}
                    >
                      {row.title}
                    </Link>{" "}
                    · {t("colCreated")} {formatDate(row.createdAt, lang)}
                  </p>
                  {row.email ? (
                    <ResendButton memorialId={row.id} email={row.email} mailConfigured={mailConfigured()} />
                  ) : (
                    <p>{t("noFamilyEmail")}</p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <UnconfirmedOutcome outcome={data.unconfirmedOutcome} canChange={hasRole(session.role, "admin")} />
    </div>
  );
}
