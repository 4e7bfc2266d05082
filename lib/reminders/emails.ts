// The e-mails of anniversary reminders, in the subscriber's language: the confirmation of a
// subscription (double opt-in) and the reminder itself, with the trees' status, the funeral home to
// ask for another tree (issue 27.3: the memorial page cannot plant one), a link to the memorial page
// and its unsubscribe link, which the
// reminder also carries as List-Unsubscribe (RFC 2369) with List-Unsubscribe-Post (RFC 8058).
// Their words are the reminders.* texts of the catalogues.
import { escapeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import { cut } from "@memorial/lib/memorials/policy";
import type { TreeStatus } from "@memorial/lib/trees/transitions";
import type { ReminderKind } from "./anniversaries";

const SUBJECT_MAX = 400;
const BUTTON_STYLE = "background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px";
const NOTE_STYLE = "color:#57534e";
const inline = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

type Block = { text: string; html: string };
const para = (value: string, style?: string): Block => ({
  text: value,
  html: `<p${style ? ` style="${style}"` : ""}>${escapeHtml(value)}</p>`,
});
const button = (label: string, link: string): Block => ({
  text: `${label}: ${link}`,
  html: `<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`,
});
const list = (items: string[]): Block => ({
  text: items.map((item) => `- ${item}`).join("\n"),
  html: `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
});

function render(language: Language, subject: string, blocks: Block[]) {
  return {
    subject: cut(inline(subject), SUBJECT_MAX),
    text: `${blocks.map((b) => b.text).join("\n\n")}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;color:#1c1917;line-height:1.5">
${blocks.map((b) => b.html).join("\n")}
</body></html>`,
  };
}

/** The e-mail that asks a subscriber to confirm their address (double opt-in). */
export function confirmationEmail(input: {
  language: Language;
  title: string;
  confirmLink: string;
  deathAnniversary: boolean;
  birthday: boolean;
}) {
  const t = translator(input.language, "reminders");
  const title = inline(input.title);
  const days = [
    ...(input.deathAnniversary ? [t("kindDeath")] : []),
    ...(input.birthday ? [t("kindBirthday")] : []),
  ];
  return render(input.language, t("confirmSubject", { title }), [
    para(t("hello")),
    para(t("confirmBody", { title })),
    list(days),
    button(t("confirmButton"), input.confirmLink),
    para(t("confirmIgnore"), NOTE_STYLE),
    para(t("footer", { site: text(input.language, "page.siteName") }), NOTE_STYLE),
  ]);
}

export type TreeStatusCounts = Partial<Record<TreeStatus, number>>;

/** The reminder of the day, with its List-Unsubscribe headers. */
export function reminderEmail(input: {
  language: Language;
  kind: ReminderKind;
  title: string;
  /** Years since the date. */
  years: number;
  trees: TreeStatusCounts;
  requester: string;
  memorialLink: string;
  unsubscribeLink: string;
}) {
  const t = translator(input.language, "reminders");
  const title = inline(input.title);
  const requester = inline(input.requester);
  const total = Object.values(input.trees).reduce((sum, n) => sum + (n ?? 0), 0);
  const statuses = (["in_ground", "monitored", "ordered", "dead", "replaced"] as const)
    .filter((status) => (input.trees[status] ?? 0) > 0)
    .map((status) => t(`status_${status}`, { n: input.trees[status] ?? 0 }));
  const blocks: Block[] = [
    para(t("hello")),
    para(
      input.kind === "death_anniversary"
        ? t("todayDeath", { title, years: input.years })
        : t("todayBirthday", { title, years: input.years }),
    ),
    ...(total > 0 ? [para(t("treesIntro", { n: total })), list(statuses)] : [para(t("noTrees"))]),
    para(t("plantAnother", { requester })),
    button(t("plantButton"), input.memorialLink),
    {
      text: `${t("unsubscribeLine")} ${input.unsubscribeLink}`,
      html: `<p style="${NOTE_STYLE}">${escapeHtml(t("unsubscribeLine"))} <a href="${escapeHtml(input.unsubscribeLink)}">${escapeHtml(t("unsubscribeLink"))}</a></p>`,
    },
    para(t("footer", { site: text(input.language, "page.siteName") }), NOTE_STYLE),
  ];
  const subject =
    input.kind === "death_anniversary" ? t("subjectDeath", { title }) : t("subjectBirthday", { title });
  return {
    ...render(input.language, subject, blocks),
    headers: {
      // An https URL only: the service reads no mailbox, so it offers no mailto: address.
      "List-Unsubscribe": `<${input.unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
