// Each memorial's e-mails with their outbox status in words (sent, retrying, failed, kept); with
// SMTP_URL set (as in these tests), no "e-mail not set up" notice.

import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

for (const lang of ["fr", "de"] as const) {
  test(`in ${lang}: the memorial's e-mails show their outbox status`, async ({ page }) => {
    const t = translator(lang, "dashboard");
    const operator = await makeIsolatedOperator({ language: lang });
    const epf = await makeContext(operator.operatorId, "Epf");
    const created = await createMemorialByApi(operator.key, {
      Contexte: { ContexteEpfId: epf.id },
      Defunt: { Nom: "Lambert" },
      AConfirmer: true,
      Famille: { FamilleEmail: "famille.lambert@example.org" },
    });
    await expect
      .poll(() =>
        db.outgoingEmail.findFirst({ where: { memorialId: created.IdMemorial } }).then((e) => e?.status),
      )
      .toBe("sent");
    const email = await db.outgoingEmail.findFirstOrThrow({ where: { memorialId: created.IdMemorial } });

    const user = await makeUser(operator.operatorId);
    await signIn(page, user, lang);
    const open = () => page.goto(`${baseUrl()}/dashboard/memorials/${created.IdMemorial}`);
    await open();
    const item = page.getByTestId("memorial-emails").locator("li");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-state", "sent");
    await expect(item).toContainText(t("emailState_sent"));
    await expect(item).toContainText("famille.lambert@example.org");
    await expect(page.getByTestId("mail-off")).toHaveCount(0);

    // The preview of the family's confirmation e-mail, in each language, with a stand-in link.
    await page.getByText(t("emailPreview")).click();
    await expect(page.getByTestId("email-preview-fr")).toContainText("Confirmez le mémorial de Lambert");
    await expect(page.getByTestId("email-preview-nl")).toContainText("Bevestig de gedenkpagina voor Lambert");
    await expect(page.getByTestId("email-preview-en")).toContainText("Confirm the memorial for Lambert");
    await expect(page.getByTestId("email-preview-de")).toContainText("Lambert");
    await expect(page.getByTestId("email-preview-de")).toContainText("https://…/confirm/…");

    const states = [
      [{ status: "pending", attempts: 2 }, "retrying", t("emailState_retrying")],
      [{ status: "failed", attempts: 8 }, "failed", t("emailState_failed")],
      [{ status: "held", attempts: 0 }, "held", t("emailState_held")],
    ] as const;
    for (const [data, state, words] of states) {
      await db.outgoingEmail.update({
        where: { id: email.id },
        // Far in the future: the sender leaves a pending e-mail alone until then.
        data: { ...data, sentAt: null, nextAttemptAt: new Date(Date.now() + 86_400_000) },
      });
      await open();
      await expect(item).toHaveAttribute("data-state", state);
      await expect(item).toContainText(words);
    }
  });
}
