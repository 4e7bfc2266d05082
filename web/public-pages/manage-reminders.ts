// The family's section of anniversary reminders on its management page: how many
// addresses receive them, and a form (POST /manage/{token}/reminders) to subscribe an address. The
// family's own address (the one its management link was sent to) is active at once; another
// address gets a confirmation e-mail first (double opt-in).
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { familyEmail } from "@memorial/lib/memorials/queries";
import { activeSubscriptionCount } from "@memorial/lib/reminders/queries";
import { type ReminderOptions, reminderOptions } from "@memorial/lib/reminders/subscriptions";

export interface ManageReminders {
  options: ReminderOptions | null;
  familyEmail: string | null;
  /** Confirmed, not unsubscribed subscriptions. */
  active: number;
}

export async function manageRemindersOf(memorialId: number): Promise<ManageReminders> {
  const [options, email, active] = await Promise.all([
    reminderOptions(memorialId),
    familyEmail(memorialId),
    activeSubscriptionCount(memorialId),
  ]);
  return { options, familyEmail: email, active };
}

export function manageRemindersSection(data: ManageReminders, token: string, language: Language): SafeHtml {
  const t = translator(language, "reminders");
  const heading = html`<h2>${t("manageHeading")}</h2>`;
  if (!data.options)
    return html`${heading}<p class="note" data-testid="manage-reminders">${t("manageUnavailable")}</p>`;
  const { options } = data;
  const box = (name: string, label: string, checked: boolean) =>
    html`<p><label><input type="checkbox" name="${name}" value="yes"${checked ? html` checked` : ""}> ${label}</label></p>`;
  return html`${heading}
    <div data-testid="manage-reminders">
    <p class="note">${t("manageIntro")}</p>
    <p data-testid="manage-reminders-count">${t("manageCount", { n: data.active })}</p>
    <form method="post" action="${`/manage/${encodeURIComponent(token)}/reminders?lang=${language}`}">
      <p><label for="manage-reminder-email">${t("emailLabel")}</label><br>
      <input id="manage-reminder-email" name="email" type="email" required maxlength="254" autocomplete="email" value="${data.familyEmail ?? ""}"></p>
      <fieldset><legend>${t("chooseDays")}</legend>
      ${options.deathAnniversary ? box("death", t("kindDeath"), true) : ""}
      ${options.birthday ? box("birthday", t("kindBirthday"), false) : ""}
      </fieldset>
      <p class="note">${t("manageNote")}</p>
      <button type="submit" class="secondary" data-testid="manage-reminders-submit">${t("submit")}</button>
    </form>
    </div>`;
}
