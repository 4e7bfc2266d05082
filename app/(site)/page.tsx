// The home page, in the visitor's language (?lang=, else the browser's
// Accept-Language): find a memorial (a GET form, no JavaScript needed), the trees planted and where
// they grow, and short links for partners and operators. Only what the policy lets the public find
// is ever listed (lib/memorials/search.ts); the figures come from a cached read (home-stats.ts).

import { countryNamer } from "@memorial/lib/i18n/country-names";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { homeStats } from "@memorial/lib/memorials/home-stats";
import { formatCalendarDate, formatNumber, localSites } from "@memorial/lib/memorials/public-page";
import {
  isSearch,
  parseSearch,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  type SearchQuery,
  type SearchResult,
  searchMemorials,
} from "@memorial/lib/memorials/search";
import type { Metadata } from "next";
import type { ComponentProps } from "react";
import { PageFrame, PageSection } from "@/components/public/page-parts";
import { SiteMap } from "@/components/public/site-map";
import { requestLanguage } from "@/web/i18n/request-language";

type Props = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await requestLanguage(), "page");
  return { title: { absolute: t("siteName") }, description: t("footer") };
}

export default async function HomePage(props: Props) {
  const language = await requestLanguage();
  const t = translator(language, "page");
  const h = translator(language, "home");
  const params = (await props.searchParams) ?? {};
  const { query, badDate } = parseSearch({
    q: one(params.q),
    date: one(params.date),
    page: one(params.page),
  });
  const searching = isSearch(query);
  const [stats, result] = await Promise.all([
    homeStats(),
    searching ? searchMemorials(query, language) : null,
  ]);
  const countryName = countryNamer(language);

  return (
    <PageFrame t={t} language={language} path="/" home mainClassName="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <section aria-labelledby="home-title" className="py-8 sm:py-12">
        <h1 id="home-title" className="font-serif text-4xl text-forest-900 sm:text-5xl">
          {t("siteName")}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-stone-800">{h("lead")}</p>
        <p className="mt-6 inline-flex items-baseline gap-3 rounded-xl bg-forest-800 px-4 py-3 text-white">
          <span className="font-serif text-3xl" data-testid="home-trees">
            {formatNumber(stats.trees, language)}
          </span>
          <span>{h("treesLabel", { n: stats.trees })}</span>
        </p>
        <p className="mt-2 text-sm text-stone-700">{h("treesNote")}</p>
      </section>

      <PageSection name="search" heading={h("searchHeading")}>
        <SearchForm query={query} language={language} h={h} />
        {badDate ? (
          <p className="mt-3 text-red-800" role="alert" data-testid="search-bad-date">
            {h("badDate")}
          </p>
        ) : null}
        {searching && result ? <Results result={result} query={query} language={language} h={h} /> : null}
      </PageSection>

      {stats.sites.length > 0 ? (
        <PageSection name="map" heading={h("mapHeading")} spaced>
          <SiteMap sites={localSites(stats.sites, language)} t={t} countryName={countryName} />
          {stats.otherSites > 0 ? (
            <p className="mt-4 text-stone-700" data-testid="home-other-sites">
              {h("otherSites", { n: stats.otherSites })}
            </p>
          ) : null}
        </PageSection>
      ) : null}

      <PageSection name="links" heading={h("linksHeading")}>
        <ul className="mt-3 space-y-2">
          <li>
            <a className="text-forest-800 underline" href="/docs" data-testid="home-docs">
              {h("partners")}
            </a>
          </li>
          <li>
            <a className="text-forest-800 underline" href="/dashboard" data-testid="home-dashboard">
              {h("operators")}
            </a>
          </li>
        </ul>
      </PageSection>
    </PageFrame>
  );
}

type HomeTranslator = ReturnType<typeof translator<"home">>;

/** One field of the search: its label above its input, in a box placed by `boxClassName`. */
function SearchField({
  boxClassName,
  label,
  ...input
}: ComponentProps<"input"> & { id: string; label: string; boxClassName: string }) {
  return (
    <div className={boxClassName}>
      <label htmlFor={input.id} className="font-semibold">
        {label}
      </label>
      <input className="mt-1 rounded-lg border border-stone-500 bg-white px-3 py-2" {...input} />
    </div>
  );
}

function SearchForm({ query, language, h }: { query: SearchQuery; language: Language; h: HomeTranslator }) {
  return (
    <form method="get" action="/" className="mt-4 flex flex-wrap items-end gap-4" data-testid="search-form">
      <input type="hidden" name="lang" value={language} />
      <SearchField
        boxClassName="flex min-w-64 flex-1 flex-col"
        id="search-q"
        label={h("searchLabel")}
        name="q"
        type="search"
        defaultValue={query.text}
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby="search-hint"
      />
      <SearchField
        boxClassName="flex flex-col"
        id="search-date"
        label={h("dateLabel")}
        name="date"
        type="date"
        defaultValue={query.date ?? ""}
      />
      <div className="flex flex-col">
        <button
          type="submit"
          className="rounded-lg bg-forest-800 px-5 py-2 font-semibold text-white hover:bg-forest-900"
          data-testid="search-submit"
        >
          {h("searchButton")}
        </button>
      </div>
      <p id="search-hint" className="w-full text-sm text-stone-700">
        {h("searchHint")}
      </p>
    </form>
  );
}

function pageLink(query: SearchQuery, language: Language, page: number): string {
  const params = new URLSearchParams({ lang: language });
  if (query.text) params.set("q", query.text);
  if (query.date) params.set("date", query.date);
  if (page > 1) params.set("page", String(page));
  return `/?${params.toString()}#search-heading`;
}

function Results({
  result,
  query,
  language,
  h,
}: {
  result: SearchResult;
  query: SearchQuery;
  language: Language;
  h: HomeTranslator;
}) {
  return (
    <div className="mt-6" data-testid="search-results">
      <h3 className="font-serif text-xl text-forest-800">{h("resultsHeading")}</h3>
      {result.hits.length === 0 ? (
        <p className="mt-2" data-testid="search-empty">
          {h("noResult")}
        </p>
      ) : (
        <ol className="mt-3 space-y-3" start={(result.page - 1) * SEARCH_PAGE_SIZE + 1}>
          {result.hits.map((hit) => (
            <li
              key={hit.id}
              className="rounded-xl bg-white p-4 ring-1 ring-forest-100"
              data-testid="search-hit"
            >
              <a
                href={`/memorial/${hit.id}?lang=${language}`}
                className="font-serif text-xl text-forest-900 underline"
                data-memorial={hit.id}
              >
                {hit.title}
              </a>
              {hit.deathDate || hit.town ? (
                <p className="text-stone-800">
                  {hit.deathDate ? (
                    <time dateTime={hit.deathDate}>
                      {h("died", { date: formatCalendarDate(new Date(hit.deathDate), language) })}
                    </time>
                  ) : null}
                  {hit.deathDate && hit.town ? " " : null}
                  {hit.town ? h("town", { town: hit.town }) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {result.page > 1 || result.hasNext ? (
        <nav aria-label={h("pagination")} className="mt-4 flex flex-wrap items-center gap-4">
          {result.page > 1 ? (
            <a
              className="text-forest-800 underline"
              href={pageLink(query, language, result.page - 1)}
              rel="prev"
            >
              {h("previous")}
            </a>
          ) : null}
          <span aria-current="page">{h("page", { page: result.page })}</span>
          {result.hasNext ? (
            <a
              className="text-forest-800 underline"
              href={pageLink(query, language, result.page + 1)}
              rel="next"
              data-testid="search-next"
            >
              {h("next")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
