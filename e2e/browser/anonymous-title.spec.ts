// The family's choice of its anonymous memorial's title in Chromium (issue 18.5): the management
// page's button, then the page's heading and <title>. Never the bare id, never the name.
import { expect, test } from "@playwright/test";
import { baseUrl, mailDir, makeIsolatedOperator, unique } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { classic, create } from "./memorials";

test("the family titles its anonymous memorial by the initials from its management page, and back", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = `${unique("family").replace(/\W+/g, "-")}@example.org`.toLowerCase();
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("In memoriam");
  await expect(page).toHaveTitle(/^In memoriam · /);

  await page.goto(`${baseUrl()}${manage}`);
  await expect(page.getByTestId("manage-title")).toHaveText("In memoriam");
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
  await expect(page.getByTestId("manage-title")).toHaveText("In memoriam");
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("In memoriam");
});
