// The text part of an e-mail, from the same tree as its HTML part: each block of the kit
// (blocks.tsx, layout.tsx) says how it reads as plain text, and an e-mail's text is its blocks'
// texts, one paragraph each, a blank line between them. A text renderer of our own rather than
// react-email's plainText (html-to-text over the HTML): that one writes a button as "label link"
// and folds a visitor's line breaks, where a family reads "label: link" and the message as typed.
import { cut } from "@memorial/lib/memorials/policy";
import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

type TextForm = (props: never) => string;
const TEXT_FORMS = new Map<unknown, TextForm>();

/** A block of the kit: its HTML is the component, its text `text(props)`. */
export function block<P>(component: (props: P) => ReactElement, text: (props: P) => string) {
  TEXT_FORMS.set(component, text as TextForm);
  return component;
}

/**
 * The texts of the blocks in `node`, in order. An e-mail's own components (function components
 * without state, as every template is) are called to reach the blocks they are made of; anything
 * else (a bare string, an HTML element) is refused: an e-mail is written with the kit's blocks.
 */
export function blockTexts(node: ReactNode): string[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (Array.isArray(node)) return node.flatMap(blockTexts);
  if (isValidElement<{ children?: ReactNode }>(node)) {
    if (node.type === Fragment) return blockTexts(node.props.children);
    const text = TEXT_FORMS.get(node.type);
    if (text) return [text(node.props as never)];
    if (typeof node.type === "function") {
      return blockTexts((node.type as (props: unknown) => ReactNode)(node.props));
    }
  }
  throw new Error(
    `An e-mail is written with the blocks of lib/mail/kit only; found ${isValidElement(node) ? `<${String(node.type)}>` : JSON.stringify(node)}`,
  );
}

/** A name inside a sentence stays on its line (a stored name could hold a line break). */
export const inline = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** outgoing_email.subject is VARCHAR(400): a subject is cut to fit, whatever the title. */
export const SUBJECT_MAX = 400;

/** A subject: one line (no header injection by a name holding a line break), at most 400 characters. */
export const subjectLine = (subject: string) => cut(inline(subject), SUBJECT_MAX);
