// A memorial awaiting its family's confirmation, made through the API as a funeral home makes one,
// and the confirmation link's token, read from the e-mail the family really gets over SMTP.
import { actingAs } from "@memorial/lib/audit/actor";
import { confirmMemorial } from "@memorial/lib/memorials/confirm-memorial";
import { expect } from "@playwright/test";
import { api, mailDir, uniqueEmail } from "./factories";
import { mailText, waitForMail } from "./smtp";

/** Creer with `body`, for the `familyName` family at an address of its own, awaiting it. */
export async function awaitingFamily(key: string, familyName: string, body: Record<string, unknown>) {
  const email = uniqueEmail("family");
  const r = await api("POST", "/Memorials/Creer", {
    key,
    body: { ...body, Famille: { FamilleEmail: email, FamilleNom: familyName }, AConfirmer: true },
  });
  expect(r.status).toBe(200);
  const mail = await waitForMail(mailDir(), email);
  const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(mail))?.[1];
  expect(token).toBeTruthy();
  return { memorialId: r.json.IdMemorial as number, token: token!, mail };
}

/** The family of `memorialId` presses its link's button: the confirmation, with them acting as on the page. */
export const confirmAsFamily = (token: string, memorialId: number) =>
  actingAs({ kind: "family", memorialId }, () => confirmMemorial(token));
