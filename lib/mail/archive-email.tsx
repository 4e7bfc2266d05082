// The e-mail that tells a family its memorial's archive is ready (lib/privacy/archive.ts):
// a letter from the funeral home in the family's language, with the link to download it (through
// the management link) and the day it stops working. Words: email.archive*.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface ArchiveReadyProps extends FamilyLetter {
  /** The archive's download address. */
  url: string;
  /** The last day it can be downloaded, in the family's language. */
  until: string;
}

function ArchiveReadyEmail(props: ArchiveReadyProps) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "email");
  return (
    <FamilyLetterLayout letter={letter} subject={t("archiveReadySubject", { title })}>
      <Paragraph>{t("archiveReadyBody", { title })}</Paragraph>
      <Button href={props.url}>{t("archiveReadyButton")}</Button>
      <Note>{t("archiveReadyUntil", { date: props.until })}</Note>
    </FamilyLetterLayout>
  );
}

export const archiveReadyEmail = (props: ArchiveReadyProps) => renderEmail(<ArchiveReadyEmail {...props} />);
