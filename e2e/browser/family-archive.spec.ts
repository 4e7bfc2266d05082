// In Chromium: the family asks for everything about its memorial on its management
// page; the page says the archive is being prepared; the service's job builds it and its e-mail
// reaches the real SMTP sink; the link of the e-mail, opened in the browser, downloads one ZIP that
// holds the memorial as JSON with its deceased and family; the management page then offers the
// same download.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { mailDir, makeIsolatedOperator } from "../support/factories";
import { mailParts, readMails } from "../support/smtp";
import { classic, memorialWithFamily } from "./memorials";

test.describe.configure({ timeout: 120_000 });

/** The text of the e-mail to `to` whose subject starts with `subject`, waited for. */
async function mailText(to: string, subject: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      () => {
        const found = readMails(mailDir())
          .map((mail) => ({ mail, parts: mailParts(mail) }))
          .find(({ mail, parts }) => mail.to.includes(to) && parts.subject.startsWith(subject));
        text = found?.parts.text ?? "";
        return text !== "";
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return text;
}

test("the family asks for its archive, receives its link and downloads everything about the memorial", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const { memorialId, email, manageLink } = await memorialWithFamily(
    op,
    classic({ Nom: "Marchal", Prenom: "Lucie" }),
    { Langue: "en" },
    "archive",
  );

  await page.goto(`${manageLink}?lang=en`);
  const section = page.getByTestId("manage-archive");
  await expect(
    section.getByRole("heading", { name: "Download everything about the memorial" }),
  ).toBeVisible();
  await section.getByRole("button", { name: "Ask for the archive" }).click();
  // The answer says that the archive is being prepared, or already offers it when the background
  // job built it before the page was answered (a small memorial's archive takes milliseconds).
  const pending = page.getByTestId("manage-archive-pending");
  await expect(pending.or(page.getByTestId("manage-archive-ready"))).toBeVisible();
  if (await pending.isVisible()) {
    await expect(pending).toHaveText(
      "Your archive is being prepared: we will send you an e-mail with its link.",
    );
  }

  const text = await mailText(email, "The archive of the memorial");
  const link = /(http\S+\/manage\/[A-Za-z0-9_-]+\/archive\/\d+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();

  // The e-mail's link, in the browser, downloads the archive.
  const download = page.waitForEvent("download");
  await page.evaluate((href) => {
    const anchor = document.createElement("a");
    anchor.href = href;
    document.body.append(anchor);
    anchor.click();
  }, link as string);
  const file = await download;
  expect(file.suggestedFilename()).toBe(`memorial-${memorialId}-archive.zip`);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["memorial.json", "trees.csv", "guestbook.csv"]));
  const json = JSON.parse(strFromU8(files["memorial.json"] as Uint8Array));
  expect(json.memorial).toMatchObject({ id: memorialId, title: "Lucie Marchal" });
  expect(json.person).toMatchObject({ firstName: "Lucie", lastName: "Marchal" });
  expect(json.family).toMatchObject({ email, language: "en" });

  // The management page now offers the same download.
  await page.goto(`${manageLink}?lang=en`);
  await expect(page.getByTestId("manage-archive-ready")).toContainText("Your archive is ready until");
  const again = page.waitForEvent("download");
  await page.getByTestId("manage-archive-download").click();
  expect((await again).suggestedFilename()).toBe(`memorial-${memorialId}-archive.zip`);
});
