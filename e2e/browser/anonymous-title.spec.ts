// The family's choice of its anonymous memorial's title in Chromium: the management
// page's button, then the page's heading and <title>. Never the name. Without MemorialAnonymeNom the
// specification's rule names it by its id (4.1 rule 7): "In memoriam · n° 123" in the
// page's language, never the bare number alone.
import { expect, test } from "@playwright/test";
import { baseUrl, mailDir, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { classic, create } from "./memorials";

test("the family titles its anonymous memorial by the initials from its management page, and back", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = uniqueEmail("family");
  const id = await create(
    op,
    classic(
      { Nom: "Lambert", Prenom: "Anne" },
      { MemorialAnonyme: true, AConfirmer: true, Famille: { FamilleEmail: email } },
    ),
  );
  const text = mailText(await waitForMail(mailDir(), email));
  const confirm = /\/confirm\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  const manage = /\/manage\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(confirm && manage, text).toBeTruthy();
  await page.goto(`${baseUrl()}${confirm}`);
  await page.getByRole("button").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · n° ${id}`);
  await expect(page).toHaveTitle(`In memoriam · n° ${id} · Arbres du souvenir`);
  // In the page's language, when the visitor switches.
  await page.goto(`${baseUrl()}/memorial/${id}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · no. ${id}`);
  await expect(page).toHaveTitle(`In memoriam · no. ${id} · Memorial trees`);
  await page.goto(`${baseUrl()}/memorial/${id}?lang=nl`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · nr. ${id}`);
  expect(await page.content()).not.toContain("Lambert");

  await page.goto(`${baseUrl()}${manage}`);
  await expect(page.getByTestId("manage-title")).toHaveText(`In memoriam · n° ${id}`);
  await page.getByRole("button", { name: "Titrer avec les initiales" }).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("manage-title")).toHaveText("In memoriam A. L.");
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("In memoriam A. L.");
  await expect(page).toHaveTitle(/^In memoriam A\. L\. · /);
  expect(await page.content()).not.toContain("Lambert");
  expect(await page.title()).not.toContain(String(id));

  await page.goto(`${baseUrl()}${manage}`);
  await page.getByRole("button", { name: "Titrer sans les initiales" }).click();
  await expect(page.getByTestId("manage-title")).toHaveText(`In memoriam · n° ${id}`);
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · n° ${id}`);
});
