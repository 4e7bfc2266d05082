// Sharing a memorial and keeping a trace of it. Plain links first: an e-mail to write, WhatsApp,
// Facebook, the page's address (to copy with the browser's own menu), the certificate and the QR
// codes all work without JavaScript. Where JavaScript runs, a tiny island (public/share.js, the
// page's only script: no React on the client) makes the address link copy itself and
// adds a "Share…" button that opens the system's share sheet; the texts it needs are data
// attributes of the list, in the page's language.
import type { PageTranslator } from "@memorial/lib/i18n/translate";
import { shareLinks } from "@memorial/lib/sharing/share";
import { PageSection } from "@/components/public/page-parts";

const linkClass =
  "inline-flex items-center rounded-lg bg-white px-3 py-2 font-semibold text-forest-800 underline ring-1 ring-forest-600 hover:bg-forest-100";

export function ShareBlock({
  url,
  title,
  text,
  t,
}: {
  url: string;
  title: string;
  text: string;
  t: PageTranslator;
}) {
  const links = shareLinks({ url, title, text });
  return (
    <PageSection name="share" heading={t("shareHeading")} testId="share">
      <ul className="mt-4 flex flex-wrap gap-3" data-share="">
        <li>
          <a className={linkClass} href={links.email} data-testid="share-email">
            {t("shareEmail")}
          </a>
        </li>
        {/* The networks open in a new tab, which the link says to a screen reader. */}
        {(
          [
            ["whatsapp", "WhatsApp", links.whatsapp],
            ["facebook", "Facebook", links.facebook],
          ] as const
        ).map(([id, network, href]) => (
          <li key={id}>
            <a
              className={linkClass}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`share-${id}`}
            >
              {t("shareOn", { network })}
              <span className="sr-only"> {t("newTab")}</span>
            </a>
          </li>
        ))}
        <li>
          <a className={linkClass} href={url} data-testid="share-copy" data-copied={t("shareLinkCopied")}>
            {t("shareCopyLink")}
          </a>
          <span role="status" className="ml-2 text-sm text-forest-800" data-testid="share-copied" />
        </li>
        {/* Hidden until the island finds navigator.share: no button that would do nothing. It is in
            the HTML (not added by the script) so that a page Next.js hydrates finds its elements;
            only its `hidden` may differ (the island may run first), which React need not report. */}
        <li hidden data-share-native="" suppressHydrationWarning>
          <button
            type="button"
            className={linkClass}
            data-testid="share-native"
            data-title={title}
            data-text={text}
            data-url={url}
          >
            {t("shareNative")}
          </button>
        </li>
      </ul>
    </PageSection>
  );
}

/**
 * The share block's island (public/share.js), at the end of the page, outside its content: it is
 * deferred (it runs once the page is parsed and blocks nothing). `nonce`: the request's CSP nonce
 * (proxy.ts) when the page is rendered for one request; none in a page rendered for the
 * rendered-page cache, whose policy allows this origin's scripts.
 */
export function ShareIsland({ nonce }: { nonce?: string }) {
  return <script src="/share.js" defer nonce={nonce || undefined} />;
}

export function KeepsakeLinks({ path, language, t }: { path: string; language: string; t: PageTranslator }) {
  const lang = `lang=${language}`;
  const links = [
    {
      href: `${path}/certificate?size=a4&${lang}`,
      label: t("certificateLink", { size: "A4" }),
      testId: "certificate-a4",
    },
    {
      href: `${path}/certificate?size=a5&${lang}`,
      label: t("certificateLink", { size: "A5" }),
      testId: "certificate-a5",
    },
    { href: `${path}/qr.png?${lang}`, label: t("qrLink", { format: "PNG" }), testId: "qr-png" },
    { href: `${path}/qr.svg?${lang}`, label: t("qrLink", { format: "SVG" }), testId: "qr-svg" },
  ];
  return (
    <PageSection name="keepsake" heading={t("keepsakeHeading")} testId="keepsakes">
      <p className="mt-2 text-stone-800">{t("keepsakeText")}</p>
      <ul className="mt-4 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.testId}>
            <a className={linkClass} href={link.href} data-testid={link.testId}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
