// The one layout of every e-mail the service sends (to families, visitors, team members): the
// document, its language, the page's look, then the e-mail's blocks, the signature and the footer.
// Its text form is the e-mail's text part (text.ts).
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { NOTE, PARAGRAPH } from "./styles";
import { block, blockTexts, subjectLine } from "./text";

/** Marks the HTML of every e-mail as made by this layout (the kit's tests look for it). */
export const LAYOUT_ID = "memorial-mail";

interface Signature {
  /** "With our deepest sympathy," */
  closing: string;
  /** Who signs: the funeral home, else the operator. */
  name: string;
}

export interface LayoutProps {
  language: string;
  /** One line, cut to the outbox's column (render.ts subjectLine). */
  subject: string;
  signature?: Signature;
  footer?: string;
  children?: ReactNode;
}

export const Layout = block(
  ({ language, subject, signature, footer, children }: LayoutProps) => (
    <Html lang={language}>
      <Head>
        <title>{subjectLine(subject)}</title>
      </Head>
      <Body style={{ backgroundColor: "#ffffff", fontFamily: "Georgia,serif", color: "#1c1917" }}>
        <Container id={LAYOUT_ID} style={{ maxWidth: "600px", padding: "8px 16px" }}>
          {children}
          {signature ? (
            <Text style={PARAGRAPH}>
              {signature.closing}
              <br />
              {signature.name}
            </Text>
          ) : null}
          {footer ? <Text style={NOTE}>{footer}</Text> : null}
        </Container>
      </Body>
    </Html>
  ),
  ({ signature, footer, children }) =>
    `${[
      ...blockTexts(children),
      ...(signature ? [`${signature.closing}\n${signature.name}`] : []),
      ...(footer ? [footer] : []),
    ].join("\n\n")}\n`,
);
