// GET /memorial/{id}: the public page of a memorial, rendered on the server from the cached read
// model (lib/memorials/public-queries.ts). No client JavaScript is needed: links and HTML only;
// the share block's island (public/share.js) only enhances it, and the rendered-page cache serves
// the page without Next.js's client runtime (lib/http/page-cache.ts).

import { ceremonyBlock } from "@memorial/lib/ceremonies/public-block";
import { publicCeremony } from "@memorial/lib/ceremonies/queries";
import { countryNamer } from "@memorial/lib/i18n/country-names";
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import { type PageTranslator, translator } from "@memorial/lib/i18n/translate";
import { memorialAlternates, memorialUrl, publicOrigin } from "@memorial/lib/links";
// The photos visitors share (lib/memorial-photos): the gallery and its form.
import { publishedPhotos } from "@memorial/lib/memorial-photos/queries";
import { hasGuestbook, safeHttpUrl, shownDeceasedUrl } from "@memorial/lib/memorials/policy";
import {
  co2Total,
  formatCalendarDate,
  formatNumber,
  formatUnit,
  localSites,
  shownTitle,
  treeStatusText,
} from "@memorial/lib/memorials/public-page";
import { PAGE_TREE_LIMIT, type PublicMemorial } from "@memorial/lib/memorials/public-queries";
import { photoUrl } from "@memorial/lib/photos/photos";
import { shareText } from "@memorial/lib/sharing/share";
import { visitorOffer } from "@memorial/lib/visitors/offer";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { BUTTON_CLASS } from "@/components/public/form-parts";
import { GuestbookSection } from "@/components/public/guestbook-section";
import { OutcomeBanner, PageFrame, PageSection } from "@/components/public/page-parts";
import { ReminderSection } from "@/components/public/reminder-section";
import { KeepsakeLinks, ShareBlock, ShareIsland } from "@/components/public/share-block";
import { SiteMap, type TreePoint } from "@/components/public/site-map";
import { TreeCard } from "@/components/public/tree-card";
import { type MemorialPageProps, publicMemorialPage } from "@/web/memorials/public-memorial";
import { CeremonySection } from "./ceremony-block";
import { PhotoGallery } from "./photo-gallery";

type Props = MemorialPageProps;

async function load(props: Props) {
  const { memorial, language } = await publicMemorialPage(props.params);
  // Absolute addresses (canonical, og:url, hreflang, share links): see lib/links.ts.
  const requestHeaders = await headers();
  const origin = publicOrigin(requestHeaders);
  return {
    // The CSP nonce of a page rendered for one request (proxy.ts); none when rendered for the
    // rendered-page cache, whose policy allows the share island as a script of this origin.
    nonce: requestHeaders.get("x-nonce") ?? undefined,
    memorial,
    language,
    t: translator(language, "page"),
    origin,
    url: memorialUrl(origin, memorial, language),
  };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { memorial, language, t, origin, url } = await load(props);
  const share = translator(language, "share");
  const title = shownTitle(memorial, language);
  // 4.1 rule 7: the share preview of an anonymous memorial says nothing about the deceased.
  const description =
    memorial.kind === "anonymous"
      ? share("descriptionAnonymous", { trees: memorial.totalTrees })
      : share("description", { title, trees: memorial.totalTrees });
  // The preview's picture is opengraph-image.tsx beside this page (a file, so it wins over any
  // image given here); metadataBase makes its address absolute.
  return {
    metadataBase: new URL(origin),
    title: `${title} · ${t("siteName")}`,
    description,
    openGraph: {
      type: "website",
      siteName: t("siteName"),
      title,
      description,
      locale: LOCALES[language].replace("-", "_"),
      url,
    },
    twitter: { card: "summary_large_image", title, description },
    // A link-only memorial is not for search engines (X-Robots-Tag too: lib/http/robots.ts).
    ...(memorial.privacy === "link_only" ? { robots: { index: false } } : {}),
    // One address per language: the page in its own language is the canonical one of that language.
    alternates: { canonical: url, languages: memorialAlternates(origin, memorial) },
  };
}

export default async function MemorialPage(props: Props) {
  const { memorial, language, t, url, origin, nonce } = await load(props);
  // Right after the family's confirmation (app/confirm: 303 to ?confirmed=1). Read per request
  // from the address: the cache holds the memorial's data, never the rendered page.
  const search = await props.searchParams;
  const confirmed = search?.confirmed === "1";
  // Visitors may plant here (the operator's setting, read for each render: a change of
  // it drops the cached pages).
  const offer = await visitorOffer(memorial.id);
  // The ceremony as it reads now (this request's time): the cache keeps the page no longer than
  // its next change.
  const ceremony = await publicCeremony(memorial.id);
  const title = shownTitle(memorial, language);
  const countryName = countryNamer(language);
  // Site names and regions in the page's language where the catalogue has them.
  const sites = localSites(memorial.sites, language);
  const sitesById = new Map(sites.map((s) => [s.id, s]));
  const co2 = co2Total(memorial.co2Lines);
  const path = `/memorial/${memorial.id}`;
  // Each tree on the map: at its own point in the site, else at the site's point.
  const treePoints: TreePoint[] = memorial.trees.flatMap((tree) => {
    const site = sitesById.get(tree.plantationId);
    const own = tree.life.latitude !== null && tree.life.longitude !== null;
    if (!own && !site) return [];
    return [
      {
        treeId: tree.id,
        plantationId: tree.plantationId,
        latitude: own ? tree.life.latitude! : site!.latitude,
        longitude: own ? tree.life.longitude! : site!.longitude,
        own,
        label: translator(language, "trees")("mapTreeMarker", {
          species: tree.species.names[language],
          status: treeStatusText(tree.life, language),
        }),
      },
    ];
  });

  return (
    <PageFrame
      t={t}
      language={language}
      path={path}
      mainClassName="mx-auto max-w-5xl px-4 pb-16 sm:px-6"
      tail={<ShareIsland nonce={nonce} />}
    >
      {confirmed ? (
        <OutcomeBanner title={t("confirmedTitle")} text={t("confirmedText")} testId="confirmed-banner" />
      ) : null}
      <section aria-labelledby="memorial-title" className="py-8 sm:py-12">
        <Hero memorial={memorial} title={title} language={language} t={t} />
        <dl className="mt-8 grid grid-cols-2 gap-3 sm:max-w-lg">
          <div className="rounded-xl bg-forest-800 p-4 text-white">
            <dt className="text-sm">{t("treesPlural", { n: memorial.totalTrees })}</dt>
            <dd className="font-serif text-3xl" data-testid="total-trees">
              {formatNumber(memorial.totalTrees, language)}
            </dd>
          </div>
          <div className="rounded-xl bg-white p-4 ring-1 ring-forest-100">
            <dt className="text-sm text-stone-700">{t("co2Label")}</dt>
            <dd className="font-serif text-3xl text-forest-800" data-testid="total-co2">
              {formatUnit(co2, "kilogram", language)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-stone-700">{t("co2Explained")}</p>
        {/* The figures count living trees; said when some tree died or was replaced. */}
        {(memorial.listedTrees ?? memorial.totalTrees) > memorial.totalTrees ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="trees-counted">
            {t("treesCounted")}
          </p>
        ) : null}
        {offer ? (
          <p className="mt-6 flex flex-wrap items-center gap-3" data-testid="plant-invite">
            <a
              href={`${path}/plant?lang=${language}`}
              className={`inline-block ${BUTTON_CLASS}`}
              data-testid="plant-link"
            >
              {translator(language, "plant")("link")}
            </a>
            <span className="text-stone-800">
              {/* Codes only (no payment offered): the page says a card's code is what plants. */}
              {translator(language, "plant")(offer.payments.length ? "linkText" : "linkTextCode", {
                requester: offer.requester,
              })}
            </span>
          </p>
        ) : null}
      </section>

      {ceremony ? (
        <CeremonySection
          block={ceremonyBlock(ceremony, language, new Date())}
          calendarHref={`${path}/ceremony.ics?lang=${language}`}
          language={language}
        />
      ) : null}

      <PageSection name="trees" heading={t("treesHeading")}>
        {memorial.waitingTrees ? (
          <p className="mt-4" data-testid="trees-on-their-way">
            {t("treesOnTheirWay", { n: memorial.waitingTrees })}
          </p>
        ) : null}
        {memorial.trees.length === 0 ? (
          <p className="mt-4">{t("noTreeYet")}</p>
        ) : (
          <>
            {memorial.trees.length >= PAGE_TREE_LIMIT &&
            (memorial.listedTrees ?? memorial.totalTrees) > memorial.trees.length ? (
              <p className="mt-2 text-sm text-stone-700">
                {t("showingLatest", {
                  shown: formatNumber(memorial.trees.length, language),
                  total: formatNumber(memorial.listedTrees ?? memorial.totalTrees, language),
                })}
              </p>
            ) : null}
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {memorial.trees.map((tree) => (
                <li key={tree.id}>
                  <TreeCard
                    tree={tree}
                    site={sitesById.get(tree.plantationId)}
                    language={language}
                    t={t}
                    countryName={countryName}
                    photoSrc={tree.life.photoKey ? photoUrl(tree.life.photoKey, origin) : null}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </PageSection>

      {memorial.sites.length > 0 ? (
        <PageSection name="map" heading={t("mapHeading")} spaced>
          <SiteMap
            sites={sites}
            trees={treePoints}
            treesNote={translator(language, "trees")("mapTreesNote")}
            closeUpTitle={(site) => translator(language, "trees")("mapCloseUp", { site })}
            t={t}
            countryName={countryName}
          />
        </PageSection>
      ) : null}

      {/* The photos visitors share: published ones only; the global memorial takes none. */}
      {memorial.kind !== "global" ? (
        <PhotoGallery
          memorialId={memorial.id}
          photos={await publishedPhotos(memorial.id)}
          language={language}
          sent={search?.photo === "sent"}
        />
      ) : null}

      {hasGuestbook(memorial.kind) ? (
        <GuestbookSection
          memorialId={memorial.id}
          language={language}
          status={String(search?.guestbook ?? "")}
        />
      ) : null}
      <ShareBlock url={url} title={title} text={shareText({ ...memorial, title }, language)} t={t} />
      <KeepsakeLinks path={path} language={language} t={t} />
      <ReminderSection memorialId={memorial.id} language={language} />
    </PageFrame>
  );
}

function Hero({
  memorial,
  title,
  language,
  t,
}: {
  memorial: PublicMemorial;
  title: string;
  language: Language;
  t: PageTranslator;
}) {
  if (memorial.kind !== "classic" || !memorial.deceased) {
    // 4.1 rule 7: an anonymous memorial shows its title only; the global one, its operator.
    return (
      <div>
        <h1 id="memorial-title" className="font-serif text-4xl text-forest-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mt-3 text-lg text-stone-800">
          {memorial.kind === "global"
            ? t("globalLead", { operator: memorial.operatorName })
            : t("anonymousLead")}
        </p>
      </div>
    );
  }
  const deceased = memorial.deceased;
  const image = safeHttpUrl(deceased.imageUrl);
  // 4.1 rule 8: the link lives 14 days from creation; "now" is this request's time.
  const link = shownDeceasedUrl(new Date(memorial.createdAt), new Date(), memorial.deceasedUrl);
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      {image ? (
        // biome-ignore lint/performance/noImgElement: an operator's image on its own server; next/image would proxy it
        <img
          src={image}
          alt={t("portraitAlt", { name: title })}
          referrerPolicy="no-referrer"
          className="h-40 w-40 shrink-0 rounded-full border-4 border-white bg-forest-100 object-cover shadow-md"
        />
      ) : null}
      <div>
        <p className="text-sm uppercase tracking-wide text-forest-700">{t("memorialOf")}</p>
        <h1 id="memorial-title" className="font-serif text-4xl text-forest-900 sm:text-5xl">
          {title}
        </h1>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-lg text-stone-800">
          {(
            [
              ["born", "birth-date", deceased.birthDate],
              ["died", "death-date", deceased.deathDate],
            ] as const
          ).map(([label, testId, date]) =>
            date ? (
              <div key={testId} className="flex gap-2">
                <dt>{t(label)}</dt>
                <dd data-testid={testId}>
                  <time dateTime={date.slice(0, 10)}>{formatCalendarDate(new Date(date), language)}</time>
                </dd>
              </div>
            ) : null,
          )}
        </dl>
        {link ? (
          <p className="mt-4">
            <a
              href={link}
              rel="noopener noreferrer external"
              className="inline-block rounded-lg bg-white px-4 py-2 font-semibold text-forest-800 underline ring-1 ring-forest-600"
              data-testid="deceased-link"
            >
              {t("deceasedLink")}
            </a>{" "}
            <span className="text-sm text-stone-700">{t("deceasedLinkNote")}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
