// Editing a person clears an optional field only through its own "clear" box (null in the same
// modification command as the API); a blank input still leaves the field unchanged.

import { translator } from "@memorial/lib/i18n/translate";
import { expect, test } from "@playwright/test";
import { db, makeContext, makeIsolatedOperator } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

for (const lang of ["fr", "en"] as const) {
  test(`in ${lang}: a cleared field is removed, a blank one is kept`, async ({ page }) => {
    const t = translator(lang, "dashboard");
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
    await signIn(page, user, lang, `/dashboard/memorials/${created.IdMemorial}`);
    // The person's form is React's: its boxes checked before hydration would be ignored by it. Its
    // button is enabled once it is hydrated.
    await expect(page.getByRole("button", { name: t("save"), exact: true })).toBeEnabled();

    await page.getByLabel(t("civility"), { exact: true }).fill(""); // blank: unchanged
    await page.getByLabel(t("clearField", { field: t("placeOfDeath") })).check();
    await expect(page.getByLabel(t("placeOfDeath"), { exact: true })).toBeDisabled();
    await page.getByLabel(t("clearField", { field: t("birthDate") })).check();
    await page.getByLabel(t("clearField", { field: t("imageUrl") })).check();
    // The date of death is required: it has no clear box.
    await expect(page.getByLabel(t("clearField", { field: t("deathDate") }))).toHaveCount(0);
    await page.getByRole("button", { name: t("save"), exact: true }).click();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: t("personSaved") }),
    ).toBeVisible();

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
    await expect(page.getByLabel(t("placeOfDeath"), { exact: true })).toHaveValue("");
    await expect(page.getByLabel(t("civility"), { exact: true })).toHaveValue("Mme");
  });
}
