// Sharing a memorial and keeping a trace of it. Plain links first: an e-mail to write, WhatsApp,
// Facebook, the page's address (to copy with the browser's own menu), the certificate and the QR
// codes all work without JavaScript. Where JavaScript runs, the address link copies itself and a
// "Share…" button opens the system's share sheet (ShareEnhancements).
import type { PageTranslator } from "@/lib/i18n/translate";
import { shareLinks } from "@/lib/sharing/share";
import { CopyLink, NativeShare } from "./share-enhancements";

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
    <section aria-labelledby="share-heading" className="py-6" data-testid="share">
      <h2 id="share-heading" className="font-serif text-2xl text-forest-800">
        {t("shareHeading")}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <a className={linkClass} href={links.email} data-testid="share-email">
            {t("shareEmail")}
          </a>
        </li>
        <li>
          <a
            className={linkClass}
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="share-whatsapp"
          >
            {t("shareOn", { network: "WhatsApp" })}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        </li>
        <li>
          <a
            className={linkClass}
            href={links.facebook}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="share-facebook"
          >
            {t("shareOn", { network: "Facebook" })}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        </li>
        <li>
          <CopyLink
            url={url}
            label={t("shareCopyLink")}
            copied={t("shareLinkCopied")}
            className={linkClass}
          />
        </li>
        <NativeShare url={url} title={title} text={text} label={t("shareNative")} className={linkClass} />
      </ul>
    </section>
  );
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
    <section aria-labelledby="keepsake-heading" className="py-6" data-testid="keepsakes">
      <h2 id="keepsake-heading" className="font-serif text-2xl text-forest-800">
        {t("keepsakeHeading")}
      </h2>
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
    </section>
  );
}
