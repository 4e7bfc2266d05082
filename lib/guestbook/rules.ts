// The rules of a guestbook message, without the database: what a visitor may write.
// Text only, stored as typed (line breaks made \n) and escaped wherever it is shown; the lengths
// count code points, as PostgreSQL's VARCHAR(n) does. Links are refused, in any of their common
// shapes (http://, www., a domain name such as example.com), so that a guestbook is no place for spam.

export const NAME_MAX = 80;
/** The honeypot field's name: a field people never see (hidden by CSS, out of the tab order). */
export const HONEYPOT_FIELD = "website";
export const MESSAGE_MAX = 1000;

export type GuestbookReason =
  | "name-length"
  | "message-length"
  | "control-characters"
  | "link"
  | "honeypot"
  | "rate-limited"
  | "closed";

export interface GuestbookInput {
  name: string;
  message: string;
}

const codePoints = (text: string) => [...text].length;

// C0 and C1 control characters (a message may hold line breaks and tabs) and the bidirectional
// overrides that make a text read otherwise than it is stored.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/u;
// A message may hold line breaks and tabs; a name none (its white space is made spaces).
const ALLOWED_IN_MESSAGE = new Set([0x09, 0x0a]);

function hasControl(text: string, allowed: Set<number>): boolean {
  if (BIDI_CONTROLS.test(text)) return true;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowed.has(code)) return true;
  }
  return false;
}

// A domain name as people write it: labels, a dot, then a top-level domain (two letters, a
// country, or one of the usual generic ones), not followed by another letter.
const GENERIC_TLDS =
  "com|net|org|info|biz|eu|io|co|me|app|xyz|online|site|shop|store|club|top|live|link|click|ru|cn|tk|ly|gl|gg|to";
const LINK_PATTERNS = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /\bwww\d?\./i,
  new RegExp(
    `[\\p{L}\\p{N}-]+\\.(?:${GENERIC_TLDS}|[a-z]{2})(?![\\p{L}\\p{N}])(?:[/:?#]|\\s|$|[.,;!)])`,
    "iu",
  ),
  /\[\s*(?:dot|\.)\s*\]/i,
];

/** Does the text hold something that reads as a link? */
export function containsLink(text: string): boolean {
  return LINK_PATTERNS.some((pattern) => pattern.test(text));
}

/** The name and message as stored: line breaks made \n, spaces around them cut. */
export function normalise(input: GuestbookInput): GuestbookInput {
  return {
    name: input.name.replace(/\s+/g, " ").trim(),
    message: input.message.replace(/\r\n?/g, "\n").trim(),
  };
}

/** Why the (normalised) message is refused, or null. */
export function refusalOf(input: GuestbookInput): GuestbookReason | null {
  const nameLength = codePoints(input.name);
  if (nameLength < 1 || nameLength > NAME_MAX) return "name-length";
  const messageLength = codePoints(input.message);
  if (messageLength < 1 || messageLength > MESSAGE_MAX) return "message-length";
  if (hasControl(input.name, new Set()) || hasControl(input.message, ALLOWED_IN_MESSAGE))
    return "control-characters";
  if (containsLink(input.name) || containsLink(input.message)) return "link";
  return null;
}
