// GET /memorial/{id}/plant: the form with which a visitor plants a tree in a memorial,
// in the memorial page's language (?lang=, as its layout decides). A plain HTML form POSTed to
// /memorial/{id}/trees (app/memorial/[id]/trees/route.ts): it works without JavaScript, and the
// route sends the visitor back here with the outcome (?planted=1, ?queued=1, ?paid={session},
// ?cancelled=1), or to Stripe Checkout for a payment. Two submit buttons name the way: the code of
// a ceremony card (?code= fills it in: the card's QR code) or a payment, offered when the
// operator's setting has a price and payment ways. 404 (the memorial's not-found page) when the
// memorial is not public or its visitors may not plant. Every visitor's word is rendered by React,
// so escaped.
import { HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX } from "@memorial/lib/guestbook/rules";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { shownTitle } from "@memorial/lib/memorials/public-page";
import { parseId } from "@memorial/lib/validation";
import {
  formatPrice,
  paidPlantingState,
  type VisitorOffer,
  visitorOffer,
} from "@memorial/lib/visitors/offer";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LanguageSwitch } from "@/components/public/language-switch";
import { memorialRequestLanguage } from "@/web/i18n/request-language";
import { getPublicMemorial } from "@/web/memorials/public-memorial";

type Props = {
  params: Promise<{ id: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

async function load(props: Props) {
  const id = parseId((await props.params).id);
  const memorial = id === null ? null : await getPublicMemorial(id);
  const offer = memorial ? await visitorOffer(memorial.id) : null;
  if (!memorial || !offer) notFound();
  const language = await memorialRequestLanguage(memorial);
  return { memorial, offer, language, t: translator(language, "plant") };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { memorial, language, t } = await load(props);
  const page = translator(language, "page");
  return {
    title: `${t("pageTitle", { title: shownTitle(memorial, language) })} · ${page("siteName")}`,
    // A form, not content for search engines.
    robots: { index: false },
  };
}

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

type Outcome = "planted" | "queued" | "waiting" | "cancelled" | null;

export default async function PlantPage(props: Props) {
  const { memorial, offer, language, t } = await load(props);
  const search = (await props.searchParams) ?? {};
  const page = translator(language, "page");
  const title = shownTitle(memorial, language);
  const path = `/memorial/${memorial.id}`;
  let outcome: Outcome = null;
  if (search.planted === "1") outcome = "planted";
  else if (search.queued === "1") outcome = "queued";
  else if (one(search.paid)) outcome = await paidPlantingState(memorial.id, one(search.paid));
  else if (search.cancelled === "1") outcome = "cancelled";

  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {page("skipToContent")}
      </a>
      <header className="border-b border-forest-100 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <a href="/" className="font-serif text-lg text-forest-800">
            {page("siteName")}
          </a>
          <LanguageSwitch current={language} path={`${path}/plant`} />
        </div>
      </header>
      <main id="content" className="mx-auto max-w-2xl px-4 pb-16 pt-8 sm:px-6">
        <h1 className="font-serif text-3xl text-forest-900 sm:text-4xl">{t("heading")}</h1>
        <p className="mt-3 text-lg text-stone-800" data-testid="plant-lead">
          {t("lead", { title, requester: offer.requester })}
        </p>
        {outcome ? <OutcomeBanner outcome={outcome} t={t} /> : null}
        {outcome === "planted" || outcome === "queued" || outcome === "waiting" ? null : (
          <PlantForm
            memorialId={memorial.id}
            language={language}
            offer={offer}
            typed={{
              planter: one(search.planter),
              message: one(search.message),
              email: one(search.email),
              code: one(search.code),
            }}
          />
        )}
        <p className="mt-8">
          <a href={`${path}?lang=${language}`} className="text-forest-700 underline" data-testid="plant-back">
            {t("back")}
          </a>
        </p>
      </main>
      <footer className="border-t border-forest-100 bg-white">
        <p className="mx-auto max-w-5xl px-4 py-6 text-sm text-stone-700 sm:px-6">{page("footer")}</p>
      </footer>
    </>
  );
}

type PlantTranslator = ReturnType<typeof translator<"plant">>;

function OutcomeBanner({ outcome, t }: { outcome: Exclude<Outcome, null>; t: PlantTranslator }) {
  const [heading, text] =
    outcome === "planted"
      ? [t("plantedTitle"), t("plantedText")]
      : outcome === "queued"
        ? [t("queuedTitle"), t("queuedText")]
        : outcome === "waiting"
          ? [t("paidWaitingTitle"), t("paidWaitingText")]
          : [t("cancelledTitle"), t("cancelledText")];
  return (
    <div
      role="status"
      className={`mt-6 rounded-xl border-l-4 px-4 py-3 ${
        outcome === "cancelled" ? "border-amber-600 bg-amber-50" : "border-forest-600 bg-forest-100"
      }`}
      data-testid="plant-outcome"
      data-outcome={outcome}
    >
      <p className="font-serif text-xl text-forest-900">{heading}</p>
      <p className="text-stone-800">{text}</p>
    </div>
  );
}

function PlantForm(props: {
  memorialId: number;
  language: Language;
  offer: VisitorOffer;
  typed: { planter: string; message: string; email: string; code: string };
}) {
  const { memorialId, language, offer, typed } = props;
  const t = translator(language, "plant");
  const input =
    "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-forest-600";
  const button =
    "rounded-lg bg-forest-800 px-4 py-2 font-semibold text-white hover:bg-forest-900 focus:outline-2 focus:outline-offset-2 focus:outline-forest-600";
  const price = offer.price === null ? null : formatPrice(offer.price, language);
  const ways = new Intl.ListFormat(language, { type: "disjunction" }).format(
    offer.payments.map((way) => (way === "card" ? t("wayCard") : t("wayBancontact"))),
  );
  return (
    <form
      method="post"
      action={`/memorial/${memorialId}/trees`}
      className="relative mt-6 space-y-5 rounded-xl bg-white p-4 ring-1 ring-forest-100 sm:p-6"
      data-testid="plant-form"
    >
      <p className="text-stone-800">{price ? t("waysCodeAndPay") : t("waysCode")}</p>
      <input type="hidden" name="lang" value={language} />
      <div>
        <label htmlFor="plant-planter" className="font-semibold text-stone-900">
          {t("planterLabel")}
        </label>
        <input
          id="plant-planter"
          name="planter"
          type="text"
          required
          maxLength={NAME_MAX}
          autoComplete="name"
          defaultValue={typed.planter}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="plant-message" className="font-semibold text-stone-900">
          {t("messageLabel")}
        </label>
        <textarea
          id="plant-message"
          name="message"
          required
          rows={4}
          maxLength={MESSAGE_MAX}
          aria-describedby="plant-message-hint plant-moderation"
          defaultValue={typed.message}
          className={input}
        />
        <p id="plant-message-hint" className="mt-1 text-sm text-stone-700">
          {t("limitsHint")}
        </p>
        <p id="plant-moderation" className="mt-1 text-sm text-stone-700" data-testid="plant-moderation">
          {offer.guestbookMode === "open" ? t("moderationOpen") : t("moderation")}
        </p>
      </div>
      <div>
        <label htmlFor="plant-email" className="font-semibold text-stone-900">
          {t("emailLabel")}
        </label>
        <input
          id="plant-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          aria-describedby="plant-email-hint"
          defaultValue={typed.email}
          className={input}
        />
        <p id="plant-email-hint" className="mt-1 text-sm text-stone-700">
          {t("emailHint")}
        </p>
      </div>
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="plant-website">{t("honeypotLabel")}</label>
        <input id="plant-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <fieldset className="rounded-lg border border-forest-100 p-4" data-testid="plant-code">
        <legend className="px-1 font-serif text-xl text-forest-800">{t("codeHeading")}</legend>
        <label htmlFor="plant-code-input" className="font-semibold text-stone-900">
          {t("codeLabel")}
        </label>
        <input
          id="plant-code-input"
          name="code"
          type="text"
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="plant-code-hint"
          defaultValue={typed.code}
          className={`${input} font-mono tracking-wider`}
        />
        <p id="plant-code-hint" className="mt-1 text-sm text-stone-700">
          {t("codeHint")}
        </p>
        <button type="submit" name="way" value="code" className={`mt-3 ${button}`}>
          {t("codeSubmit")}
        </button>
      </fieldset>
      {price ? (
        <fieldset className="rounded-lg border border-forest-100 p-4" data-testid="plant-pay">
          <legend className="px-1 font-serif text-xl text-forest-800">{t("payHeading")}</legend>
          <p className="text-stone-800">{t("payText", { price, ways })}</p>
          <button type="submit" name="way" value="pay" className={`mt-3 ${button}`}>
            {t("paySubmit", { price })}
          </button>
        </fieldset>
      ) : null}
    </form>
  );
}
