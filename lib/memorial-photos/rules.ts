// The rules of a photo a visitor shares, without the database: its words (an optional caption and
// name, as plain text, no link, as the guestbook's), the limits per client and per memorial, and
// the widths kept for the gallery's srcset.

import { invalid } from "@memorial/lib/errors";
import { containsLink } from "@memorial/lib/guestbook/rules";

export const CAPTION_MAX = 140;
export const AUTHOR_MAX = 80;

/**
 * The widths kept of each photo (at most, on its long side: a photo is never enlarged), narrowest
 * first: a phone's gallery takes the first, a wide screen or a dense one the others.
 */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;

/**
 * The most bytes of a visitor's photo (PHOTO_MAX_BYTES when lower): the page's proxy holds a copy
 * of a request's body and cuts it at 10 MB, so the whole form (the photo and its few fields,
 * PHOTO_FORM_BYTES) stays under that.
 */
export const VISITOR_PHOTO_MAX_BYTES = 9 * 1024 * 1024;
export const PHOTO_FORM_BYTES = VISITOR_PHOTO_MAX_BYTES + 64 * 1024;

/** Photos one client may share in an hour, over all memorials. */
export const CLIENT_LIMIT = 10;
export const CLIENT_WINDOW_SECONDS = 3600;
/** Photos one memorial may receive in a day, over all clients (what a family can look through). */
export const MEMORIAL_LIMIT = 60;
export const MEMORIAL_WINDOW_SECONDS = 86_400;

// C0 and C1 control characters and the bidirectional overrides that make a text read otherwise
// than it is stored: none in a caption or a name.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/u;

function hasControl(text: string): boolean {
  if (BIDI_CONTROLS.test(text)) return true;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A caption or a name as kept: trimmed, white space made single spaces; null when empty. */
function words(value: string | null | undefined, field: "caption" | "name", max: number): string | null {
  if (value === null || value === undefined) return null;
  if (hasControl(value.replace(/[\r\n\t]/g, " ")))
    throw invalid(`The ${field} holds control characters.`, { field, reason: "control-characters" });
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  if ([...text].length > max)
    throw invalid(`The ${field} is longer than ${max} characters.`, { field, reason: "too-long" });
  if (containsLink(text)) throw invalid(`The ${field} holds a link.`, { field, reason: "link" });
  return text;
}

/** The caption and name a visitor typed, checked; a DomainError (INVALID_INPUT) names the field. */
export function photoWords(input: { caption?: string | null; name?: string | null }) {
  return {
    caption: words(input.caption, "caption", CAPTION_MAX),
    authorName: words(input.name, "name", AUTHOR_MAX),
  };
}
