// The e-mail that tells a family its memorial was merged with a duplicate: a letter
// from the funeral home (lib/mail/family-letter.ts), in the family's language. The family of the
// memorial kept hears that another memorial of the same person was joined to theirs; the family of
// the memorial merged hears that its trees, messages and reminders are now on one page, whose
// address its former one leads to. Both get the kept memorial's page. When the merge is undone,
// both hear that each memorial has its own page again, and get their own.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface MergeEmailProps extends FamilyLetter {
  /** True for the family of the memorial kept, false for the family of the one merged into it. */
  kept: boolean;
  /** The merge was undone: each memorial has its own page again. */
  undone?: boolean;
  /** The page the family is sent to, in its language, or null while the public may not see it. */
  pageUrl: string | null;
}

function MergeEmail(props: MergeEmailProps) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "duplicates");
  return (
    <FamilyLetterLayout
      letter={letter}
      subject={t(props.undone ? "emailUndoneSubject" : "emailSubject", { title })}
    >
      <Paragraph>
        {props.undone
          ? props.kept
            ? t("emailUndoneKept")
            : t("emailUndoneMerged", { title })
          : props.kept
            ? t("emailKept")
            : t("emailMerged", { title })}
      </Paragraph>
      {props.pageUrl ? <Button href={props.pageUrl}>{t("emailButton")}</Button> : null}
    </FamilyLetterLayout>
  );
}

export const mergeEmail = (props: MergeEmailProps) => renderEmail(<MergeEmail {...props} />);
