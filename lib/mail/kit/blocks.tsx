// The blocks an e-mail is made of, each with its HTML (react-email's components, which escape every
// value) and its plain text (text.ts). Values are plain strings: a template never writes markup.
import { Button as EmailButton } from "@react-email/button";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { BUTTON, LINK, NOTE, PARAGRAPH } from "./styles";
import { block } from "./text";

/** A paragraph. */
export const Paragraph = block(
  ({ children }: { children: string }) => <Text style={PARAGRAPH}>{children}</Text>,
  ({ children }) => children,
);

/** A paragraph in a quieter grey: how long a link is valid, what to do if the mail is unexpected. */
export const Note = block(
  ({ children }: { children: string }) => <Text style={NOTE}>{children}</Text>,
  ({ children }) => children,
);

/** The e-mail's action: a button in HTML, "label: link" in text. */
export const Button = block(
  ({ href, children }: { href: string; children: string }) => (
    <Text style={PARAGRAPH}>
      <EmailButton href={href} style={BUTTON}>
        {children}
      </EmailButton>
    </Text>
  ),
  ({ href, children }) => `${children}: ${href}`,
);

/** A note ending with a secondary link (the management page, unsubscribing): the link on its own
 * line in text. */
export const LinkNote = block(
  ({ href, label, children }: { href: string; label: string; children: string }) => (
    <Text style={NOTE}>
      {children}{" "}
      <Link href={href} style={LINK}>
        {label}
      </Link>
    </Text>
  ),
  ({ href, label, children }) => `${children}\n${label}: ${href}`,
);

/** A bulleted list. */
export const List = block(
  ({ items }: { items: string[] }) => (
    <ul style={{ ...PARAGRAPH, paddingLeft: "24px" }}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, rendered once
        <li key={index}>{item}</li>
      ))}
    </ul>
  ),
  ({ items }) => items.map((item) => `- ${item}`).join("\n"),
);

/** Someone's words (a visitor's guestbook message), as typed: line breaks kept. */
export const Quote = block(
  ({ author, children }: { author: string; children: string }) => (
    <>
      <Text style={{ ...PARAGRAPH, margin: "0 0 4px", fontWeight: "bold" }}>{author}</Text>
      <blockquote
        style={{ ...PARAGRAPH, whiteSpace: "pre-line", borderLeft: "3px solid #dcebdf", paddingLeft: "12px" }}
      >
        {children}
      </blockquote>
    </>
  ),
  ({ author, children }) => `${author}:\n${children}`,
);

/** A picture by its address; in text, its description and its address. */
export const Image = block(
  ({ src, alt }: { src: string; alt: string }) => (
    <Text style={PARAGRAPH}>
      <Img
        src={src}
        alt={alt}
        width={480}
        style={{ maxWidth: "100%", height: "auto", borderRadius: "8px" }}
      />
    </Text>
  ),
  ({ src, alt }) => `${alt}: ${src}`,
);
