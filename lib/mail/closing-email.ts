// The e-mail of the family's closing summary (issue 21.5): a letter from the funeral home, in the
// family's language, with the summary's PDF and the planters' CSV attached (the outbox carries
// them, outgoing_email_attachment). Its words are the closing.* and email.* texts.
import { translator } from "@memorial/lib/i18n/translate";
import {
  type Block,
  button,
  type FamilyLetter,
  letterParts,
  NOTE_STYLE,
  oneLine,
  para,
  render,
  signature,
} from "./confirmation-email";

export function closingEmail(
  input: FamilyLetter & { url: string; trees: number; planters: number; co2: string },
) {
  const { t, requester, title, greeting, footer } = letterParts(input);
  const c = translator(input.language, "closing");
  const blocks: Block[] = [
    para(greeting),
    para(c("lead", { title, trees: input.trees, planters: input.planters, co2: input.co2 })),
    para(c("attachments")),
    button(c("pageLink"), input.url),
    para(c("once"), NOTE_STYLE),
    signature(t("closing"), requester),
    para(footer, NOTE_STYLE),
  ];
  return { subject: oneLine(c("subject", { title })), ...render(input.language, blocks) };
}
