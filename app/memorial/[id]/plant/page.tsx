// GET /memorial/{id}/plant: the form with which a visitor plants a tree in a memorial,
// in the memorial page's language (?lang=, as its layout decides). A plain HTML form POSTed to
// /memorial/{id}/trees (app/memorial/[id]/trees/route.ts): it works without JavaScript, and the
// route sends the visitor back here with the outcome (?planted=1, ?queued=1, ?paid={session},
// ?cancelled=1), or to Stripe Checkout for a payment. Two submit buttons name the way: the code of
// a ceremony card (?code= fills it in: the card's QR code) or a payment, offered when the
// operator's setting has a price and payment ways. 404 (the memorial's not-found page) when the
// memorial is not public or its visitors may not plant. Every visitor's word is rendered by React,
// so escaped.
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { shownTitle } from "@memorial/lib/memorials/public-page";
import {
  formatPrice,
  paidPlantingState,
  type VisitorOffer,
  visitorOffer,
} from "@memorial/lib/visitors/offer";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  AuthorNameInput,
  BUTTON_CLASS,
  Field,
  Hint,
  Honeypot,
  INPUT_CLASS,
  InputField,
  MessageArea,
} from "@/components/public/form-parts";
import { OutcomeBanner, PageFrame } from "@/components/public/page-parts";
import { type MemorialPageProps, publicMemorialPage } from "@/web/memorials/public-memorial";

type Props = MemorialPageProps;

async function load(props: Props) {
  const { memorial, language } = await publicMemorialPage(props.params);
  const offer = await visitorOffer(memorial.id);
  if (!offer) notFound();
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
    <PageFrame
      t={page}
      language={language}
      path={`${path}/plant`}
      mainClassName="mx-auto max-w-2xl px-4 pb-16 pt-8 sm:px-6"
    >
      <h1 className="font-serif text-3xl text-forest-900 sm:text-4xl">{t("heading")}</h1>
      <p className="mt-3 text-lg text-stone-800" data-testid="plant-lead">
        {t("lead", { title, requester: offer.requester })}
      </p>
      {outcome ? <PlantOutcome outcome={outcome} t={t} /> : null}
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
    </PageFrame>
  );
}

type PlantTranslator = ReturnType<typeof translator<"plant">>;

function PlantOutcome({ outcome, t }: { outcome: Exclude<Outcome, null>; t: PlantTranslator }) {
  const [title, text] =
    outcome === "planted"
      ? [t("plantedTitle"), t("plantedText")]
      : outcome === "queued"
        ? [t("queuedTitle"), t("queuedText")]
        : outcome === "waiting"
          ? [t("paidWaitingTitle"), t("paidWaitingText")]
          : [t("cancelledTitle"), t("cancelledText")];
  return (
    <OutcomeBanner
      title={title}
      text={text}
      warning={outcome === "cancelled"}
      testId="plant-outcome"
      outcome={outcome}
    />
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
      <Field id="plant-planter" label={t("planterLabel")}>
        <AuthorNameInput id="plant-planter" name="planter" defaultValue={typed.planter} />
      </Field>
      <Field id="plant-message" label={t("messageLabel")}>
        <MessageArea
          id="plant-message"
          describedBy="plant-message-hint plant-moderation"
          defaultValue={typed.message}
        />
        <Hint id="plant-message-hint">{t("limitsHint")}</Hint>
        <Hint id="plant-moderation" testId="plant-moderation">
          {offer.guestbookMode === "open" ? t("moderationOpen") : t("moderation")}
        </Hint>
      </Field>
      <InputField
        id="plant-email"
        label={t("emailLabel")}
        name="email"
        type="email"
        required
        maxLength={254}
        autoComplete="email"
        aria-describedby="plant-email-hint"
        defaultValue={typed.email}
      >
        <Hint id="plant-email-hint">{t("emailHint")}</Hint>
      </InputField>
      <Honeypot id="plant-website" label={t("honeypotLabel")} />
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
          className={`${INPUT_CLASS} font-mono tracking-wider`}
        />
        <Hint id="plant-code-hint">{t("codeHint")}</Hint>
        <button type="submit" name="way" value="code" className={`mt-3 ${BUTTON_CLASS}`}>
          {t("codeSubmit")}
        </button>
      </fieldset>
      {price ? (
        <fieldset className="rounded-lg border border-forest-100 p-4" data-testid="plant-pay">
          <legend className="px-1 font-serif text-xl text-forest-800">{t("payHeading")}</legend>
          <p className="text-stone-800">{t("payText", { price, ways })}</p>
          <button type="submit" name="way" value="pay" className={`mt-3 ${BUTTON_CLASS}`}>
            {t("paySubmit", { price })}
          </button>
        </fieldset>
      ) : null}
    </form>
  );
}
