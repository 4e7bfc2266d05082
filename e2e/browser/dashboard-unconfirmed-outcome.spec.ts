// In Chromium: the dashboard's home shows what becomes of the waiting tree of a
// memorial its family never confirms; an admin changes it (the operator's row changes, and the
// choice is still there on the next visit); staff see it and are offered no way to change it.
import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { expect, test } from "@playwright/test";
import { db, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";
import { makeUser, PASSWORD, signIn } from "./dashboard-support";

const outcomeOf = async (operatorId: number) =>
  (await db.operator.findUniqueOrThrow({ where: { id: operatorId }, select: { unconfirmedOutcome: true } }))
    .unconfirmedOutcome;

test("an admin chooses the global memorial for unconfirmed memorials' trees, and back", async ({ page }) => {
  const op = await makeIsolatedOperator({ language: "en" });
  await signIn(page, await makeUser(op.operatorId));
  const section = page.getByTestId("unconfirmed-outcome");
  await expect(section.getByRole("heading", { name: "When a family never confirms" })).toBeVisible();
  const credit = section.getByLabel("is not planted, and costs you nothing");
  const global = section.getByLabel("is planted in your global memorial");
  await expect(credit).toBeChecked();
  expect(await outcomeOf(op.operatorId)).toBe("credit");

  await global.check();
  await expect(section.getByText("Saved.")).toBeVisible();
  await expect.poll(() => outcomeOf(op.operatorId)).toBe("global");
  await page.reload();
  await expect(
    page.getByTestId("unconfirmed-outcome").getByLabel("is planted in your global memorial"),
  ).toBeChecked();

  await page.getByTestId("unconfirmed-outcome").getByLabel("is not planted, and costs you nothing").check();
  await expect.poll(() => outcomeOf(op.operatorId)).toBe("credit");
});

test("staff see the choice without a way to change it", async ({ page }) => {
  const op = await makeIsolatedOperator({ language: "en" });
  await db.operator.update({ where: { id: op.operatorId }, data: { unconfirmedOutcome: "global" } });
  const email = `${unique("staff")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;
  await actingAs(TEST_FIXTURE, () =>
    createUser({ operatorId: op.operatorId, email, password: PASSWORD, role: "staff" }),
  );
  await signIn(page, { email, password: PASSWORD });
  const section = page.getByTestId("unconfirmed-outcome");
  await expect(section.getByTestId("unconfirmed-outcome-value")).toHaveText(
    "is planted in your global memorial",
  );
  await expect(section.getByRole("radio")).toHaveCount(0);
});
