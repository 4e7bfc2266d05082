// The trees visitors plant, as everyone sees them, through HTTP: until the family
// publishes a visitor's words, the memorial page (kept by the rendered-page cache) and its
// certificate show the tree with "a visitor" and no message, never the visitor's name; the family's
// management page shows the tree with its origin and its words waiting, and once the family
// approves them in its guestbook the page and the certificate name the visitor with the message.
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, test } from "@playwright/test";
import { classic, create } from "../browser/memorials";
import { baseUrl, db, makeIsolatedOperator, postForm, unique } from "../support/factories";
import { pdfText } from "../support/pdf-text";
import { claimCodes, redeemAsVisitor, setVisitors } from "../support/visitors";

test("a visitor's name and message are public only once the family approves them", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(
    op,
    classic(
      {},
      { Famille: { FamilleEmail: `${unique("f").replace(/\W+/g, "")}@example.org`, FamilleNom: "Dupont" } },
    ),
  );
  await setVisitors(op.operatorId, null, { enabled: true, payments: [], price: null });
  const code = (await claimCodes(op.operatorId, memorialId, 1, 1))[0]!;
  const page = () => fetch(`${baseUrl()}/memorial/${memorialId}?lang=en`).then((r) => r.text());
  // The page is kept by the rendered-page cache before the visitor plants: the planting drops it.
  expect(await page()).not.toContain("Zoé Visitor");
  const planter = `Zoé Visitor ${unique("v").replace(/\W+/g, "")}`;
  const words = "Zoé's thoughts are with you";
  const planted = await redeemAsVisitor({
    code,
    memorialId,
    words: { planter, message: words, email: "zoe@example.org", language: "en" },
    linkBase: baseUrl(),
    client: unique("client"),
  });
  expect(planted.kind).toBe("planted");

  // The server drops its cached page when PostgreSQL tells it (LISTEN/NOTIFY), a moment after the
  // planting's commit in this process.
  await expect.poll(page, { timeout: 10_000 }).toContain("A visitor");
  const before = await page();
  expect(before).not.toContain(planter);
  expect(before).not.toContain("Zoé&#x27;s thoughts");
  expect(before).toContain("A visitor");
  const certificate = async () =>
    (await fetch(`${baseUrl()}/memorial/${memorialId}/certificate?lang=en`)).arrayBuffer();
  const certBefore = await pdfText(await certificate());
  expect(certBefore).not.toContain("Zoé");
  expect(certBefore).toContain("A visitor");

  // The family's page shows the visitor's tree, its origin and its words waiting.
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  const manage = `${baseUrl()}/manage/${token}?lang=en`;
  const managePage = await (await fetch(manage)).text();
  expect(managePage).toContain(planter);
  expect(managePage).toContain("visitor, with a code");
  expect(managePage).toContain("words waiting for the family&#39;s approval");

  // The family approves the visitor's words in its guestbook.
  const entry = await db.guestbookEntry.findFirstOrThrow({
    where: { memorialId, visitorPlantingId: planted.visitorPlantingId },
  });
  const approved = await postForm(manage, { action: "guestbook-approve", entry: String(entry.id) });
  expect(approved.status).toBe(303);
  const after = await page();
  expect(after).toContain(planter);
  expect(after).toContain("Zoé&#x27;s thoughts are with you");
  expect(after).not.toContain(">A visitor<");
  const certAfter = await pdfText(await certificate());
  expect(certAfter).toContain(planter);
  expect(await (await fetch(manage)).text()).not.toContain("words waiting for the family");

  // Hidden again by the family: the name leaves the page with the message.
  const hidden = await postForm(manage, { action: "guestbook-hide", entry: String(entry.id) });
  expect(hidden.status).toBe(303);
  expect(await page()).not.toContain(planter);
});
