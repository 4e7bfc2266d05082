// An e-mail as the outbox stores it (subject, text, HTML), from one React element: a template of
// the kit, whose root is the one Layout. The HTML is react-email's rendering (React escapes every
// value: no template escapes by hand), the text is the same tree's text form (text.ts), the
// subject the Layout's, on one line and cut to fit.
import { render } from "@react-email/render";
import { isValidElement, type ReactElement } from "react";
import { Layout, type LayoutProps } from "./layout";
import { blockTexts, subjectLine } from "./text";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The Layout element `email` is made of: a template's component is called until it is reached. */
function layoutOf(email: ReactElement): ReactElement<LayoutProps> {
  let node: unknown = email;
  while (isValidElement(node) && node.type !== Layout && typeof node.type === "function") {
    node = (node.type as (props: unknown) => unknown)(node.props);
  }
  if (!isValidElement<LayoutProps>(node) || node.type !== Layout) {
    throw new Error("An e-mail's root is the kit's Layout (lib/mail/kit/layout.tsx)");
  }
  return node;
}

export async function renderEmail(email: ReactElement): Promise<RenderedEmail> {
  const layout = layoutOf(email);
  return {
    subject: subjectLine(layout.props.subject),
    text: blockTexts(layout).join(""),
    html: await render(layout),
  };
}
