// The e-mail that tells a family its trees are planted in the ground (issue 20.4): a letter from
// the funeral home (lib/mail/family-letter.ts), in the family's language, with the trees (species,
// site), who planted them (every planting team of the record: issue 27.8), the photo, and the link
// to the memorial page. One e-mail per record of
// trees in the ground of one memorial (a batch of several trees is one e-mail).
//
// The photo is an <img> with the photo's address on the service (lib/photos photoUrl), not an
// inline image referenced by cid: the outbox stores an e-mail as subject, text and HTML (no
// attachment), and the sender sends exactly what it stores; the photo's address is public anyway
// (its key is the hash of its bytes, unguessable, served with its metadata stripped), it is the
// one the memorial page shows, and a mail client that blocks remote images still shows the alt
// text and the link to the page. The text version carries the photo's address.
import { escapeHtml } from "@memorial/lib/html";
import { translator } from "@memorial/lib/i18n/translate";
import { formatCalendarDate, formatList } from "@memorial/lib/memorials/public-page";
import {
  type Block,
  button,
  type FamilyLetter,
  initial,
  inline,
  letterParts,
  NOTE_STYLE,
  oneLine,
  para,
  render,
  signature,
} from "./confirmation-email";

export interface InGroundTree {
  quantity: number;
  /** The species' name in the family's language. */
  species: string;
  site: string;
  /** The site's country, in the family's language. */
  country: string;
}

export function inGroundEmail(
  input: FamilyLetter & {
    /** The day in the ground, YYYY-MM-DD. */
    on: string;
    trees: InGroundTree[];
    /** The planting teams of the record's trees, each once, in the order of the trees. */
    plantedBy: string[];
    /** The photo's absolute address, or null. */
    photoUrl: string | null;
    /** The memorial page in the family's language, or null while the public may not see it. */
    pageUrl: string | null;
  },
) {
  const { t: mail, requester, title, greeting, footer } = letterParts(input);
  const t = translator(input.language, "trees");
  const n = input.trees.reduce((sum, tree) => sum + tree.quantity, 0);
  const date = formatCalendarDate(new Date(input.on), input.language);
  const treeLines = input.trees.map(
    (tree) =>
      `${tree.quantity > 1 ? `${tree.quantity} × ` : ""}${t("emailTree", { species: tree.species, site: inline(tree.site), country: tree.country })}`,
  );
  const blocks: Block[] = [
    para(greeting),
    para(t("emailBody", { n, title, titleInitial: initial(title), date })),
    {
      text: treeLines.map((line) => `- ${line}`).join("\n"),
      html: `<ul>${treeLines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    },
  ];
  const teams = [...new Set(input.plantedBy.map(inline).filter(Boolean))];
  if (teams.length > 0) blocks.push(para(t("emailPlantedBy", { name: formatList(teams, input.language) })));
  if (input.photoUrl) {
    blocks.push({
      text: `${t("emailPhotoAlt")}: ${input.photoUrl}`,
      html: `<p><img src="${escapeHtml(input.photoUrl)}" alt="${escapeHtml(t("emailPhotoAlt"))}" width="480" style="max-width:100%;height:auto;border-radius:8px"></p>`,
    });
  }
  blocks.push(para(t("emailFollow")));
  if (input.pageUrl) blocks.push(button(t("emailButton"), input.pageUrl));
  blocks.push(signature(mail("closing"), requester), para(footer, NOTE_STYLE));
  return {
    subject: oneLine(t("emailSubject", { n, title, titleInitial: initial(title) })),
    ...render(input.language, blocks),
  };
}
