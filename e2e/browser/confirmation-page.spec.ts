// The family's confirmation page in Chromium: the link comes from the e-mail really sent over
// SMTP to the catcher on the loopback, and is followed in the browser.
import { expect, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { makeUser, signIn } from "./dashboard-support";
import { classic, create, expectExpiredLink } from "./memorials";

async function awaitingMemorial(language: "fr" | "en" = "fr") {
  const op = await makeIsolatedOperator({ stock: 5, language });
  const email = uniqueEmail("family");
  const memorialId = await create(
    op,
    classic(
      { Nom: "Lambert", Prenom: "Anne" },
      {
        AConfirmer: true,
        Famille: { FamilleEmail: email, FamilleNom: "Famille Lambert" },
        DeLaPartDe: "Ses enfants",
        Message: "Pour maman",
      },
    ),
  );
  const mail = await waitForMail(mailDir(), email);
  // The link's base is the service's address; the test opens its path on the running service.
  const path = /\/confirm\/[A-Za-z0-9_-]+/.exec(mailText(mail))?.[0];
  expect(path, mailText(mail)).toBeTruthy();
  return { op, memorialId, link: `${baseUrl()}${path}` };
}

const post = (link: string, origin = baseUrl()) =>
  fetch(link, { method: "POST", redirect: "manual", headers: { Origin: origin } });

test("the e-mail's link shows what is confirmed, its button and the decline; pressing it shows the memorial with its first tree", async ({
  page,
}) => {
  const { memorialId, link } = await awaitingMemorial();
  expect((await page.goto(`${baseUrl()}/memorial/${memorialId}`))?.status()).toBe(404);

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmer le mémorial");
  await expect(page.getByTestId("confirm-title")).toHaveText("Anne Lambert");
  await expect(page.getByRole("main")).toContainText("Famille Lambert");
  // The button, and beside it the family's "no".
  await expect(page.getByRole("button")).toHaveCount(2);
  // Opening the page confirmed nothing.
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);

  await page.getByRole("button", { name: "Confirmer et planter le premier arbre" }).click();
  await expect(page).toHaveURL(new RegExp(`/memorial/${memorialId}\\?confirmed=1(&lang=fr)?$`));
  // The family is told, in its language, that it worked.
  await expect(page.getByTestId("confirmed-banner")).toContainText("Mémorial confirmé, merci");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anne Lambert");
  await expect(page.getByTestId("tree-card")).toHaveCount(1);
  await expect(page.getByTestId("planter")).toHaveText("Ses enfants");
  await expect(page.getByTestId("planter-message")).toHaveText("Pour maman");

  // The link, used, now shows a clear page with 410 Gone and the way to the memorial.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce lien a déjà été utilisé");
  await expect(page.getByRole("button")).toHaveCount(0);
  await page.getByRole("link", { name: "Voir le mémorial" }).click();
  await expect(page.getByTestId("tree-card")).toHaveCount(1);
});

test("an e-mail scanner's GET and HEAD confirm nothing", async ({ page }) => {
  const { memorialId, link } = await awaitingMemorial();
  for (const method of ["GET", "HEAD", "GET", "HEAD"]) {
    const r = await fetch(link, { method, headers: { "User-Agent": "SafeLinks scanner" } });
    expect(r.status, method).toBe(200);
  }
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  expect(memorial.status).toBe("awaiting_confirmation");
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  expect((await page.goto(`${baseUrl()}/memorial/${memorialId}`))?.status()).toBe(404);
});

test("many presses at once confirm once and plant exactly one tree", async () => {
  const { memorialId, link } = await awaitingMemorial();
  const responses = await Promise.all(Array.from({ length: 12 }, () => post(link)));
  for (const r of responses) {
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/memorial/${memorialId}?confirmed=1`);
  }
  expect(await db.tree.count({ where: { memorialId } })).toBe(1);
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).status).toBe("visible");
});

test("a POST from another site is refused and confirms nothing", async () => {
  const { memorialId, link } = await awaitingMemorial("en");
  const r = await post(link, "https://evil.example");
  expect(r.status).toBe(403);
  expect(await r.text()).toContain("Request refused");
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  const crossSite = await fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "cross-site" },
  });
  expect(crossSite.status).toBe(403);
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
});

test("an unknown link is a 404 page; an expired one a 410 page, and pressing it does nothing", async ({
  page,
}) => {
  const unknown = await page.goto(`${baseUrl()}/confirm/${"x".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unknown link");
  await expect(page.getByRole("button")).toHaveCount(0);

  const { memorialId, link } = await awaitingMemorial();
  await db.confirmationToken.updateMany({
    where: { memorialId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  await expectExpiredLink(page, link, () => post(link));
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
});

test("a confirmation's user text is escaped", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const email = uniqueEmail("xss");
  await create(
    op,
    classic(
      { Prenom: "<script>alert(1)</script>", Nom: "X" },
      { AConfirmer: true, Famille: { FamilleEmail: email, FamilleNom: "<img src=x onerror=alert(2)>" } },
    ),
  );
  const path = /\/confirm\/[A-Za-z0-9_-]+/.exec(mailText(await waitForMail(mailDir(), email)))?.[0];
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto(`${baseUrl()}${path}`);
  await expect(page.getByTestId("confirm-title")).toHaveText("<script>alert(1)</script> X");
  await expect(page.getByRole("main")).toContainText("<img src=x onerror=alert(2)>");
  await expect(page.locator("main img")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("declining: the family says it does not wish the memorial, sees a kind page, and nothing more is sent", async ({
  page,
}) => {
  const { op, memorialId, link } = await awaitingMemorial();
  const prepaid = (await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees;
  await page.goto(link);
  await expect(page.getByTestId("confirm-decline")).toHaveText("Nous ne souhaitons pas ce mémorial");
  await page.getByTestId("confirm-decline").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre souhait est respecté");
  await expect(page.getByTestId("confirm-declined")).toContainText("aucun e-mail");
  await expect(page.getByRole("button")).toHaveCount(0);
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  expect(memorial).toMatchObject({ status: "expired", closedReason: "declined" });
  // The operator's default: the waiting tree is not planted and nothing is charged.
  expect((await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } })).prepaidTrees).toBe(prepaid);
  expect(await db.tree.count({ where: { memorialId } })).toBe(0);
  // The link now says the memorial was not published, kindly, with 410 Gone; its page stays 404.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByTestId("confirm-closed")).toContainText("ne pas souhaiter ce mémorial");
  expect((await page.goto(`${baseUrl()}/memorial/${memorialId}`))?.status()).toBe(404);
  // The operator's dashboard shows the memorial as not confirmed, and where its tree went.
  await signIn(page, await makeUser(op.operatorId), "en", `/dashboard/memorials/${memorialId}`);
  await expect(page.getByTestId("memorial-state")).toHaveText("Not confirmed");
  await expect(page.getByTestId("unconfirmed-outcome")).toContainText("Declined by the family");
  await expect(page.getByTestId("unconfirmed-outcome")).toContainText("prepaid trees");
});
