// The family's daily digest of the guestbook messages waiting for its approval, in
// the family's language (lib/memorials/family.ts familyLanguage), as a letter from the funeral
// home like the family's other e-mails. The visitors' words are quoted as typed (the kit's Quote:
// escaped in HTML, their line breaks kept).
import { translator } from "@memorial/lib/i18n/translate";
import { type FamilyLetter, letterParts } from "@memorial/lib/mail/family-letter";
import { FamilyLetterLayout } from "@memorial/lib/mail/family-letter-layout";
import { Paragraph, Quote } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { inline } from "@memorial/lib/mail/kit/text";

interface DigestEntry {
  authorName: string;
  message: string;
}

export interface GuestbookDigestEmailProps extends FamilyLetter {
  entries: DigestEntry[];
}

function GuestbookDigestEmail(props: GuestbookDigestEmailProps) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "guestbook");
  const n = props.entries.length;
  return (
    <FamilyLetterLayout letter={letter} subject={t("digestSubject", { n, title })}>
      <Paragraph>{t("digestIntro", { n, title })}</Paragraph>
      {props.entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the entries of one digest, rendered once
        <Quote key={index} author={inline(entry.authorName)}>
          {entry.message}
        </Quote>
      ))}
      <Paragraph>{t("digestHowTo")}</Paragraph>
    </FamilyLetterLayout>
  );
}

export const guestbookDigestEmail = (props: GuestbookDigestEmailProps) =>
  renderEmail(<GuestbookDigestEmail {...props} />);
