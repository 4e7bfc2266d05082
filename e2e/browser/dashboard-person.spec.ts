// Editing a person clears an optional field only through its own "clear" box (null in the same
// modification command as the API); a blank input still leaves the field unchanged.
import { expect, test } from "@playwright/test";
import { DASHBOARD_MESSAGES } from "@/lib/i18n/dashboard-messages";
import { baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

for (const lang of ["fr", "en"] as const) {
  test(`in ${lang}: a cleared field is removed, a blank one is kept`, async ({ page }) => {
    const m = DASHBOARD_MESSAGES[lang];
    const operator = await makeIsolatedOperator({ language: lang });
    const epf = await makeContext(operator.operatorId, "Epf");
    const created = await createMemorialByApi(operator.key, {
      Contexte: { ContexteEpfId: epf.id },
      Defunt: {
        Nom: "Dupont",
        Prenom: "Marie",
        Civilite: "Mme",
        DateNaissance: "1940-05-02",
        ImageUrl: "https://example.org/marie.jpg",
      },
    });
    // The place of death is set by PUT /Personne/Modifier only: here directly.
    await db.person.update({ where: { id: created.IdDefunt }, data: { placeOfDeath: "Namur" } });
    const user = await makeUser(operator.operatorId);
    await signIn(page, user, lang);
    await page.goto(`${baseUrl()}/dashboard/memorials/${created.IdMemorial}`);

    await page.getByLabel(m.civility, { exact: true }).fill(""); // blank: unchanged
    await page.getByLabel(m.clearField.replace("{field}", m.placeOfDeath)).check();
    await expect(page.getByLabel(m.placeOfDeath, { exact: true })).toBeDisabled();
    await page.getByLabel(m.clearField.replace("{field}", m.birthDate)).check();
    await page.getByLabel(m.clearField.replace("{field}", m.imageUrl)).check();
    // The date of death is required: it has no clear box.
    await expect(page.getByLabel(m.clearField.replace("{field}", m.deathDate))).toHaveCount(0);
    await page.getByRole("button", { name: m.save, exact: true }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: m.personSaved })).toBeVisible();

    const person = await db.person.findUniqueOrThrow({ where: { id: created.IdDefunt } });
    expect(person).toMatchObject({
      lastName: "Dupont",
      firstName: "Marie",
      civility: "Mme",
      placeOfDeath: null,
      birthDate: null,
      imageUrl: null,
    });
    await page.reload();
    await expect(page.getByLabel(m.placeOfDeath, { exact: true })).toHaveValue("");
    await expect(page.getByLabel(m.civility, { exact: true })).toHaveValue("Mme");
  });
}
