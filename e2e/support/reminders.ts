// Helpers of the reminder tests: a public memorial whose date of death is today (UTC)
// some years ago, a subscription made through the service's own code, and the reminder e-mails
// caught by the SMTP sink with their headers.
import { actingAs } from "@memorial/lib/audit/actor";
import { subscribe } from "@memorial/lib/reminders/subscriptions";
import { reminderToken } from "@memorial/lib/reminders/tokens";
import { api, db, makeIsolatedOperator, TEST_FIXTURE } from "./factories";
import { type CaughtMail, readMails } from "./smtp";

/** Today's UTC date `yearsAgo` years back, at noon (YYYY-MM-DDT12:00:00). */
export function todayYearsAgo(yearsAgo: number): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  // The 29th of February has no such day in most years: the 28th comes back on it too.
  const day =
    now.getUTCMonth() === 1 && now.getUTCDate() === 29 ? "28" : String(now.getUTCDate()).padStart(2, "0");
  return `${now.getUTCFullYear() - yearsAgo}-${month}-${day}T12:00:00`;
}

/** A public classic memorial (one tree) made through the API; its Defunt fields as given. */
export async function publicMemorial(
  defunt: Record<string, unknown>,
  language: "fr" | "nl" | "en" | "de" = "fr",
): Promise<number> {
  const op = await makeIsolatedOperator({ stock: 5, language });
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Lambert", Prenom: "Anne", ...defunt }, DeLaPartDe: "Ses enfants" },
  });
  if (r.status !== 200) throw new Error(`Creer: ${r.status} ${r.text}`);
  return r.json.IdMemorial as number;
}

/**
 * `email` subscribed in English to the death anniversaries of `memorialId`, through the service's
 * own code; where its links lead, whether it is confirmed at once and the client asking vary.
 */
export const subscribeToAnniversaries = (
  memorialId: number,
  email: string,
  way: { linkBase: string; confirmed: boolean; client: string },
) =>
  actingAs(TEST_FIXTURE, () =>
    subscribe({ memorialId, email, language: "en", deathAnniversary: true, birthday: false, ...way }),
  );

/** The token of the subscription of `email` to `memorialId` (the links' secret, derived). */
export async function tokenOf(memorialId: number, email: string): Promise<string> {
  const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId, email } });
  return reminderToken(subscription);
}

/** The headers of a caught mail, unfolded, names lower-cased. */
export function mailHeaders(mail: CaughtMail): Record<string, string> {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Runs the job send-reminders now on the service's own job runner. */
export async function runSendReminders(): Promise<void> {
  await db.$executeRaw`SELECT graphile_worker.add_job('send-reminders', '{}'::json)`;
}

/** Waits for a reminder (an e-mail with List-Unsubscribe) to `address`. */
export async function waitForReminder(dir: string, address: string, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readMails(dir).find((m) => m.to.includes(address) && /^list-unsubscribe:/im.test(m.raw));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reminder to ${address} within ${timeoutMs} ms`);
}
