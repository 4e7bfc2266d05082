// The family's management link in Chromium: the link comes from the confirmation e-mail really
// sent over SMTP; the family hides the memorial, makes it anonymous and hides a planter's message,
// and after each change the public page and Infos (of another operator, and of the memorial's own
// operator) are read again. A link refused (expired, replaced, unknown, another memorial's tree,
// another site's form) changes nothing.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  api,
  baseUrl,
  db,
  mailDir,
  makeContext,
  makeIsolatedOperator,
  postForm,
  sendManageLinkAsOperator,
  uniqueEmail,
} from "../support/factories";
import { type CaughtMail, mailText, readMails, waitForMail } from "../support/smtp";
import { makeUser, signIn } from "./dashboard-support";
import { classic, create, expectExpiredLink, type Operator } from "./memorials";

const MANAGE_PATH = /\/manage\/[A-Za-z0-9_-]{43}/;
const CONFIRM_PATH = /\/confirm\/[A-Za-z0-9_-]+/;

/** A confirmed memorial with a family address, its first tree's message, and its manage link. */
async function confirmedMemorial(op: Operator, lastName = "Lambert") {
  const email = uniqueEmail("family");
  const memorialId = await create(
    op,
    classic(
      { Nom: lastName, Prenom: "Anne" },
      {
        AConfirmer: true,
        Famille: { FamilleEmail: email, FamilleNom: `Famille ${lastName}` },
        DeLaPartDe: "Ses enfants",
        Message: "Pour maman",
      },
    ),
  );
  const mail = await waitForMail(mailDir(), email);
  const text = mailText(mail);
  const confirm = CONFIRM_PATH.exec(text)?.[0];
  const manage = MANAGE_PATH.exec(text)?.[0];
  expect(confirm, text).toBeTruthy();
  expect(manage, text).toBeTruthy();
  const confirmed = await postForm(`${baseUrl()}${confirm}`, {});
  expect(confirmed.status).toBe(303);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  return { memorialId, email, treeId: tree.id, manageLink: `${baseUrl()}${manage}` };
}

async function infos(key: string, memorialId: number) {
  return api("GET", `/Memorial/${memorialId}/Infos`, { key });
}

async function publicStatus(memorialId: number) {
  return (await fetch(`${baseUrl()}/memorial/${memorialId}`)).status;
}

async function press(page: Page, name: string) {
  await page.getByRole("button", { name }).click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
}

test("a memorial page in nl, en and de names the species and their types in that language; the API in the operator's", async ({
  page,
}) => {
  // The species' names are given at its creation: the service's catalogue is cached once read
  // (a write to the table behind its back could be missed by a cache another test fills meanwhile).
  const op = await makeIsolatedOperator({
    stock: 5,
    language: "nl",
    species: {
      name: "Chêne pédonculé",
      nameNl: "Zomereik",
      nameEn: "English oak",
      nameDe: "Stieleiche",
      type: "Feuillu",
      typeNl: "Loofboom",
      typeEn: "Broadleaf",
      typeDe: "Laubbaum",
    },
  });
  // A funeral home of its own language (en): its reports name species in English.
  const home = await makeContext(op.operatorId, "Epf", undefined, "en");
  const id = await create(op, classic({}, { Contexte: { ContexteEpfId: home.id } }));
  for (const [lang, name, type] of [
    ["fr", "Chêne pédonculé", "Feuillu"],
    ["nl", "Zomereik", "Loofboom"],
    ["en", "English oak", "Broadleaf"],
    ["de", "Stieleiche", "Laubbaum"],
  ]) {
    await page.goto(`${baseUrl()}/memorial/${id}?lang=${lang}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const card = page.getByTestId("tree-card");
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(name);
    await expect(card).toContainText(type);
    await expect(card).toContainText("Quercus robur");
  }
  // The API: a GET has no Langue, so the operator's language (nl here).
  const species = await api("GET", `/Espece/${op.speciesId}`, { key: op.key });
  expect(species.json.Espece).toMatchObject({ Nom: "Zomereik", Type: "Loofboom" });
  const read = await infos(op.key, id);
  expect(read.json.Arbres[0]).toMatchObject({ Espece: "Zomereik", Type: "Loofboom" });
  const since = new Date(Date.now() - 86_400_000);
  const report = await api(
    "GET",
    `/Report/Arbres/Epf/${home.id}/Days/3/DepuisLe/${since.getUTCFullYear()}/${since.getUTCMonth() + 1}/${since.getUTCDate()}`,
    { key: op.key },
  );
  expect(report.status, report.text).toBe(200);
  expect(report.json.Arbres[0].Espece).toBe("English oak");
  // Another operator reads in its own language.
  const german = await makeIsolatedOperator({ stock: 1, language: "de" });
  expect((await infos(german.key, id)).json.Arbres[0]).toMatchObject({
    Espece: "Stieleiche",
    Type: "Laubbaum",
  });
});

test("the family hides a message, hides the memorial and makes it anonymous from its link; the page and Infos follow each change", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const other = await makeIsolatedOperator({ stock: 1 });
  const { memorialId, treeId, manageLink } = await confirmedMemorial(op);

  // After confirming, the family is thanked on the memorial (the POST's 303 adds ?confirmed=1).
  await page.goto(`${baseUrl()}/memorial/${memorialId}?confirmed=1`);
  await expect(page.getByTestId("confirmed-banner")).toContainText("Mémorial confirmé, merci");
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  await expect(page.getByTestId("confirmed-banner")).toHaveCount(0);

  // Opening the link (as a mail scanner would) changes nothing.
  const head = await fetch(manageLink, { method: "HEAD" });
  expect(head.status).toBe(200);
  const response = await page.goto(manageLink);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gérer le mémorial");
  await expect(page.getByTestId("manage-title")).toHaveText("Anne Lambert");
  const before = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  expect(before.hiddenAt).toBeNull();
  expect(before.kind).toBe("classic");
  if (process.env.UPDATE_SCREENSHOTS === "1") {
    const dir = path.join(process.cwd(), "docs/screenshots");
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(dir, "manage-desktop.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(dir, "manage-phone.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // 1. Hide the planter's message.
  await press(page, "Masquer ce message");
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  await expect(page.getByTestId("planter")).toHaveText("Ses enfants");
  await expect(page.getByTestId("planter-message")).toHaveCount(0);
  expect(await page.content()).not.toContain("Pour maman");
  expect((await infos(other.key, memorialId)).json.Arbres[0].MessagePlanteur).toBeNull();
  // The memorial's own operator still reads what was hidden (documented).
  expect((await infos(op.key, memorialId)).json.Arbres[0].MessagePlanteur).toBe("Pour maman");
  const certificate = await fetch(`${baseUrl()}/memorial/${memorialId}/certificate`);
  expect(certificate.status).toBe(200);

  // 2. Hide the memorial: 404 to the public and to other operators; its operator still sees it.
  // The summary shows the privacy that applies, and the privacy control is the one
  // way to hide the memorial (no second "hide" button).
  await page.goto(manageLink);
  await expect(page.getByTestId("manage-state")).toHaveText("Public");
  await expect(page.getByRole("button", { name: "Masquer le mémorial" })).toHaveCount(0);
  await page.getByTestId("privacy-hidden").check();
  await press(page, "Enregistrer mon choix");
  await expect(page.getByTestId("manage-state")).toHaveText("Masqué");
  await expect(page.getByTestId("privacy-hidden")).toBeChecked();
  expect(await publicStatus(memorialId)).toBe(404);
  expect((await fetch(`${baseUrl()}/memorial/${memorialId}/certificate`)).status).toBe(404);
  expect((await fetch(`${baseUrl()}/memorial/${memorialId}/qr.svg`)).status).toBe(404);
  expect((await fetch(`${baseUrl()}/memorial/${memorialId}/opengraph-image`)).status).toBe(404);
  expect((await infos(other.key, memorialId)).status).toBe(404);
  expect((await infos(op.key, memorialId)).status).toBe(200);
  // Another operator cannot plant into it either: it does not exist for it.
  const planted = await api("POST", "/Memorials/Creer", {
    key: other.key,
    body: { MemorialId: memorialId, DeLaPartDe: "Un journal", Defunt: classic().Defunt },
  });
  expect(planted.status).toBe(404);

  // ... and shown again.
  await page.getByTestId("privacy-link_only").check();
  await press(page, "Enregistrer mon choix");
  await expect(page.getByTestId("manage-state")).toHaveText("Accessible par le lien seulement");
  expect(await publicStatus(memorialId)).toBe(200);
  expect((await infos(other.key, memorialId)).status).toBe(200);

  // 3. Anonymous: nothing about the deceased, anywhere public.
  await press(page, "Rendre le mémorial anonyme");
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  // 4.1 rule 7: the id as a number in words, "In memoriam · n° 123"; the API keeps the id.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · n° ${memorialId}`);
  expect(await page.content()).not.toContain("Lambert");
  const anonymous = (await infos(other.key, memorialId)).json;
  expect(anonymous.MemorialNom).toBe(String(memorialId));
  expect(anonymous.Defunt).toEqual({ Nom: null, Prenom: null, Civilite: null, DateDeces: null });

  // ... reversible.
  await page.goto(manageLink);
  await press(page, "Afficher de nouveau le nom");
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anne Lambert");
  expect((await infos(other.key, memorialId)).json.Defunt.Nom).toBe("Lambert");

  // 4. The message shown again.
  await page.goto(manageLink);
  await press(page, "Afficher de nouveau ce message");
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  await expect(page.getByTestId("planter-message")).toHaveText("Pour maman");

  // Every change is a domain event, with who and when, for the operator's history.
  const events = await db.domainEvent.findMany({
    where: {
      memorialId,
      type: { startsWith: "m" },
      NOT: { type: { in: ["memorial.created", "memorial.confirmed"] } },
    },
    orderBy: { id: "asc" },
  });
  expect(events.map((e) => e.type)).toEqual([
    "message.hidden",
    // Hidden and shown through the privacy control: each with its privacy_changed.
    "memorial.hidden",
    "memorial.privacy_changed",
    "memorial.shown",
    "memorial.privacy_changed",
    "memorial.anonymised",
    "memorial.unanonymised",
    "message.shown",
  ]);
  for (const event of events) expect(event.payload).toMatchObject({ by: "family" });
  expect(events[0].payload).toMatchObject({ treeId });
});

test("the link is refused after its expiry and after a new link replaced it, and a refused link changes nothing", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, email, manageLink } = await confirmedMemorial(op, "Martin");

  // Expired: 410 and a clear page; a POST changes nothing.
  await db.manageToken.updateMany({
    where: { memorialId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  await expectExpiredLink(page, manageLink, () => postForm(manageLink, { action: "hide" }));
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).hiddenAt).toBeNull();
  expect(await publicStatus(memorialId)).toBe(200);

  // The operator sends a new link (the dashboard's button): the e-mail carries a working link,
  // and every link sent before is revoked.
  await db.manageToken.updateMany({
    where: { memorialId },
    data: { expiresAt: new Date(Date.now() + 86_400_000) },
  });
  expect((await page.goto(manageLink))?.status()).toBe(200);
  await sendManageLinkAsOperator(op.operatorId, memorialId);
  const second = await waitFor(() =>
    readMails(mailDir()).find(
      (m: CaughtMail) => m.to.includes(email) && mailText(m).includes("vous envoie le lien personnel"),
    ),
  );
  const newLink = `${baseUrl()}${MANAGE_PATH.exec(mailText(second))?.[0]}`;
  expect(newLink).not.toBe(manageLink);

  let response = await page.goto(manageLink);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien inconnu ou remplacé");
  expect((await postForm(manageLink, { action: "anonymise" })).status).toBe(410);
  expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).kind).toBe("classic");

  expect((await page.goto(newLink))?.status()).toBe(200);
  await expect(page.getByTestId("manage-title")).toHaveText("Anne Martin");

  // Unknown: 404, in the browser's language (no memorial to take one from).
  response = await page.goto(`${baseUrl()}/manage/${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unknown or replaced link");
  expect((await postForm(`${baseUrl()}/manage/${"A".repeat(43)}`, { action: "hide" })).status).toBe(404);

  // The operator's history says who did what.
  const sent = await db.domainEvent.findFirstOrThrow({ where: { memorialId, type: "manage_link.sent" } });
  expect(sent.payload).toMatchObject({ by: "operator" });
});

test("a management link acts on its own memorial only, and only from its own page", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const a = await confirmedMemorial(op, "Aubert");
  const b = await confirmedMemorial(op, "Bernard");

  // A's link, B's tree: refused, nothing changed.
  const refused = await postForm(a.manageLink, { action: "hide-message", tree: String(b.treeId) });
  expect(refused.status).toBe(404);
  expect((await db.tree.findUniqueOrThrow({ where: { id: b.treeId } })).messageHiddenAt).toBeNull();
  expect((await db.tree.findUniqueOrThrow({ where: { id: a.treeId } })).messageHiddenAt).toBeNull();

  // A's link hides A, never B.
  expect((await postForm(a.manageLink, { action: "hide" })).status).toBe(303);
  expect(await publicStatus(a.memorialId)).toBe(404);
  expect(await publicStatus(b.memorialId)).toBe(200);

  // Another site's form: 403, nothing changed.
  const evil = await postForm(b.manageLink, { action: "hide" }, "https://evil.example");
  expect(evil.status).toBe(403);
  expect(await publicStatus(b.memorialId)).toBe(200);

  // Nonsense: 400, nothing changed.
  expect((await postForm(b.manageLink, { action: "delete-everything" })).status).toBe(400);
  expect((await postForm(b.manageLink, { action: "hide-message", tree: "abc" })).status).toBe(400);
  expect(await publicStatus(b.memorialId)).toBe(200);
});

test("the confirmation page names the funeral home the family dealt with, and thanks the family in its language", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const home = await makeContext(op.operatorId, "Epf");
  const email = uniqueEmail("famille");
  const memorialId = await create(
    op,
    classic(
      { Nom: "Peeters", Prenom: "Jan" },
      {
        AConfirmer: true,
        Langue: "nl",
        Contexte: { ContexteEpfId: home.id },
        Famille: { FamilleEmail: email, FamilleNom: "Familie Peeters" },
      },
    ),
  );
  const mail = mailText(await waitForMail(mailDir(), email));
  // One word per language: the Dutch e-mail speaks of the "gedenkpagina", as the pages do.
  expect(mail).toContain("gedenkpagina");
  expect(mail).not.toContain("gedenkteken");
  await page.goto(`${baseUrl()}${CONFIRM_PATH.exec(mail)?.[0]}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("De gedenkpagina bevestigen");
  await expect(page.getByTestId("confirm-requested-by")).toHaveText(home.name);
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  await expect(page.getByRole("main")).not.toContainText(operator.name);
  // The confirmation's button, not "we do not wish this memorial" beside it.
  await page.getByRole("button").and(page.locator(":not([data-testid=confirm-decline])")).click();
  await expect(page).toHaveURL(new RegExp(`/memorial/${memorialId}\\?confirmed=1&lang=nl$`));
  await expect(page.getByTestId("confirmed-banner")).toContainText("Gedenkpagina bevestigd, dank u");
});

test("the operator sends a new management link from its dashboard and reads who changed what", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { memorialId, email, manageLink, treeId } = await confirmedMemorial(op, "Dubois");
  expect((await postForm(manageLink, { action: "hide-message", tree: String(treeId) })).status).toBe(303);
  expect((await postForm(manageLink, { action: "hide" })).status).toBe(303);

  await signIn(page, await makeUser(op.operatorId), "en", `/dashboard/memorials/${memorialId}`);
  // Its own operator still sees the hidden memorial and the hidden message, marked as such.
  await expect(page.getByTestId("memorial-hidden")).toHaveText("Hidden by the family");
  await expect(page.getByRole("cell", { name: /Pour maman/ })).toContainText("hidden by the family");
  const history = page.getByTestId("family-history").getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("Memorial hidden");
  await expect(history.first()).toContainText("the family");
  await expect(history.last()).toContainText(`Planter’s message hidden (#${treeId})`);

  await page.getByRole("button", { name: "Send the management link to the family" }).click();
  await expect(page.getByText("The management link has been sent")).toBeVisible();
  await expect(history.first()).toContainText("Management link sent");
  await expect(history.first()).toContainText("the operator");
  // The e-mail arrives with a new link; the old one is replaced.
  await waitFor(() =>
    readMails(mailDir()).find(
      (m: CaughtMail) => m.to.includes(email) && mailText(m).includes("vous envoie le lien personnel"),
    ),
  );
  expect((await fetch(manageLink)).status).toBe(410);
});

async function waitFor<T>(find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("not found in time");
}

test("on a phone the management page names its parts at the top, each one tap away; a declined memorial's offers only what still applies", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { manageLink } = await confirmedMemorial(op);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto(`${manageLink}?lang=en`);
  const parts = page.getByTestId("manage-parts");
  await expect(parts.getByRole("heading", { name: "On this page" })).toBeInViewport();
  const links = parts.getByRole("link");
  expect(await links.allInnerTexts()).toEqual(
    expect.arrayContaining(["Who sees it", "Guestbook", "Reminders", "Copy, take down, erase"]),
  );
  // Each a tap target of at least 44 px, and a tap brings its part into view.
  for (const box of await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
    expect(box).toBeGreaterThanOrEqual(44);
  }
  if (process.env.UPDATE_SCREENSHOTS) {
    await page.screenshot({ path: path.resolve("docs/screenshots/manage-page-phone.png") });
  }
  await expect(page.getByTestId("manage-erasure")).not.toBeInViewport();
  await parts.getByRole("link", { name: "Copy, take down, erase" }).tap();
  await expect(page.locator("#rights")).toBeInViewport();
  await phone.close();

  // Declined by its family: no privacy, anonymity, messages or reminders to set; its copy and its
  // erasure remain.
  const email = uniqueEmail("declined");
  await create(op, classic({ Nom: "Closed" }, { AConfirmer: true, Famille: { FamilleEmail: email } }));
  const text = mailText(await waitForMail(mailDir(), email));
  const declined = await postForm(`${baseUrl()}${CONFIRM_PATH.exec(text)?.[0]}/decline?lang=en`, {});
  expect(declined.status).toBe(200);
  const closedPage = await browser.newPage();
  await closedPage.goto(`${baseUrl()}${MANAGE_PATH.exec(text)?.[0]}?lang=en`);
  const shown = await closedPage
    .locator("section[data-part]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-part")));
  expect(shown).toEqual(["rights", "history"]);
  await expect(closedPage.getByRole("button", { name: "Ask for the archive" })).toBeVisible();
  await expect(closedPage.getByTestId("manage-erasure-request")).toBeVisible();
  await expect(closedPage.getByTestId("manage-takedown")).toHaveCount(0);
  await closedPage.close();
});
