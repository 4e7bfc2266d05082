// What a memorial is called and what is said when it is shared: the page, its share block, its
// Open Graph image, its certificate and its QR code all take their words from here.
import type { Language } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import type { MemorialKind } from "@memorial/lib/memorials/policy";

export interface Nameable {
  id: number;
  kind: MemorialKind;
  /** The title people read, displayTitle's (PublicMemorial.title). */
  title: string;
  operatorName: string;
}

/**
 * The sentence that goes with a shared link. 4.1 rule 7: an anonymous memorial's text carries its
 * anonymous title and nothing else about the deceased.
 */
export function shareText(memorial: Nameable & { totalTrees: number }, language: Language): string {
  const t = translator(language, "share");
  const title = memorial.title;
  if (memorial.kind === "anonymous")
    return `${title}: ${t("descriptionAnonymous", { trees: memorial.totalTrees })}`;
  if (memorial.kind === "global") return text(language, "page.globalLead", { operator: title });
  return t("description", { title, trees: memorial.totalTrees });
}

/** Links that share without JavaScript: an e-mail to write, WhatsApp, Facebook's sharer. */
export function shareLinks(share: { url: string; title: string; text: string }) {
  const q = encodeURIComponent;
  return {
    email: `mailto:?subject=${q(share.title)}&body=${q(`${share.text}\n\n${share.url}`)}`,
    whatsapp: `https://wa.me/?text=${q(`${share.text} ${share.url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${q(share.url)}`,
  };
}
