// The e-mail that tells a family its trees are planted in the ground: a letter from
// the funeral home (lib/mail/family-letter.ts), in the family's language, with the trees (species,
// site), who planted them (every planting team of the record), the photo, and the link
// to the memorial page. One e-mail per record of
// trees in the ground of one memorial (a batch of several trees is one e-mail).
//
// The photo is an <img> with the photo's address on the service (lib/photos photoUrl), not an
// inline image referenced by cid: the outbox stores an e-mail as subject, text and HTML (no
// attachment), and the sender sends exactly what it stores; the photo's address is public anyway
// (its key is the hash of its bytes, unguessable, served with its metadata stripped), it is the
// one the memorial page shows, and a mail client that blocks remote images still shows the alt
// text and the link to the page. The text version carries the photo's address.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Image, List, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { inline } from "@memorial/lib/mail/kit/text";
import { formatCalendarDate, formatList } from "@memorial/lib/memorials/public-page";
import { type FamilyLetter, initial, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface InGroundTree {
  quantity: number;
  /** The species' name in the family's language. */
  species: string;
  site: string;
  /** The site's country, in the family's language. */
  country: string;
}

export interface InGroundEmailProps extends FamilyLetter {
  /** The day in the ground, YYYY-MM-DD. */
  on: string;
  trees: InGroundTree[];
  /** The planting teams of the record's trees, each once, in the order of the trees. */
  plantedBy: string[];
  /** The photo's absolute address, or null. */
  photoUrl: string | null;
  /** The memorial page in the family's language, or null while the public may not see it. */
  pageUrl: string | null;
}

function InGroundEmail(props: InGroundEmailProps) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "trees");
  const n = props.trees.reduce((sum, tree) => sum + tree.quantity, 0);
  const date = formatCalendarDate(new Date(props.on), props.language);
  const teams = [...new Set(props.plantedBy.map(inline).filter(Boolean))];
  return (
    <FamilyLetterLayout
      letter={letter}
      subject={t("emailSubject", { n, title, titleInitial: initial(title) })}
    >
      <Paragraph>{t("emailBody", { n, title, titleInitial: initial(title), date })}</Paragraph>
      <List
        items={props.trees.map(
          (tree) =>
            `${tree.quantity > 1 ? `${tree.quantity} × ` : ""}${t("emailTree", { species: tree.species, site: inline(tree.site), country: tree.country })}`,
        )}
      />
      {teams.length > 0 ? (
        <Paragraph>{t("emailPlantedBy", { name: formatList(teams, props.language) })}</Paragraph>
      ) : null}
      {props.photoUrl ? <Image src={props.photoUrl} alt={t("emailPhotoAlt")} /> : null}
      <Paragraph>{t("emailFollow")}</Paragraph>
      {props.pageUrl ? <Button href={props.pageUrl}>{t("emailButton")}</Button> : null}
    </FamilyLetterLayout>
  );
}

export const inGroundEmail = (props: InGroundEmailProps) => renderEmail(<InGroundEmail {...props} />);
