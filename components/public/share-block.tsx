// Sharing a memorial and keeping a trace of it. Plain links first: an e-mail to write, WhatsApp,
// Facebook, the page's address (to copy with the browser's own menu), the certificate and the QR
// codes all work without JavaScript. Where JavaScript runs, the address link copies itself and a
// "Share…" button opens the system's share sheet (ShareEnhancements).
import type { PublicMessages } from "@/lib/i18n/messages";
import { shareLinks } from "@/lib/sharing/share";
import { CopyLink, NativeShare } from "./share-enhancements";

const linkClass =
  "inline-flex items-center rounded-lg bg-white px-3 py-2 font-semibold text-forest-800 underline ring-1 ring-forest-600 hover:bg-forest-100";

export function ShareBlock({
  url,
  title,
  text,
  messages,
}: {
  url: string;
  title: string;
  text: string;
  messages: PublicMessages;
}) {
  const links = shareLinks({ url, title, text });
  return (
    <section aria-labelledby="share-heading" className="py-6" data-testid="share">
      <h2 id="share-heading" className="font-serif text-2xl text-forest-800">
        {messages.shareHeading}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <a className={linkClass} href={links.email} data-testid="share-email">
            {messages.shareEmail}
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
            {messages.shareOn("WhatsApp")}
            <span className="sr-only"> {messages.newTab}</span>
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
            {messages.shareOn("Facebook")}
            <span className="sr-only"> {messages.newTab}</span>
          </a>
        </li>
        <li>
          <CopyLink
            url={url}
            label={messages.shareCopyLink}
            copied={messages.shareLinkCopied}
            className={linkClass}
          />
        </li>
        <NativeShare url={url} title={title} text={text} label={messages.shareNative} className={linkClass} />
      </ul>
    </section>
  );
}

export function KeepsakeLinks({
  path,
  language,
  messages,
}: {
  path: string;
  language: string;
  messages: PublicMessages;
}) {
  const lang = `lang=${language}`;
  const links = [
    {
      href: `${path}/certificate?size=a4&${lang}`,
      label: messages.certificateLink("A4"),
      testId: "certificate-a4",
    },
    {
      href: `${path}/certificate?size=a5&${lang}`,
      label: messages.certificateLink("A5"),
      testId: "certificate-a5",
    },
    { href: `${path}/qr.png?${lang}`, label: messages.qrLink("PNG"), testId: "qr-png" },
    { href: `${path}/qr.svg?${lang}`, label: messages.qrLink("SVG"), testId: "qr-svg" },
  ];
  return (
    <section aria-labelledby="keepsake-heading" className="py-6" data-testid="keepsakes">
      <h2 id="keepsake-heading" className="font-serif text-2xl text-forest-800">
        {messages.keepsakeHeading}
      </h2>
      <p className="mt-2 text-stone-800">{messages.keepsakeText}</p>
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
