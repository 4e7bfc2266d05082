// `npm run cli -- jobs run send-reminders` beside the running service
// writes today's anniversary reminder, which the service's own job runner sends to the SMTP sink,
// without waiting for 07:00 UTC.
import { expect, test } from "@playwright/test";
import { runCommand } from "../support/command-line";
import { baseUrl, mailDir, uniqueEmail } from "../support/factories";
import {
  publicMemorial,
  subscribeToAnniversaries,
  todayYearsAgo,
  waitForReminder,
} from "../support/reminders";
import { mailParts } from "../support/smtp";

/** `npm run cli`: the compiled command line (scripts/run.mjs), with the running service's settings. */
const cli = (...args: string[]) =>
  runCommand(
    [process.execPath, "scripts/run.mjs", "cli", ...args],
    JSON.parse(process.env.E2E_SERVICE_ENV as string),
  );

test("jobs run send-reminders: the day's reminder reaches the family's mailbox now", async () => {
  test.setTimeout(180_000);
  const memorialId = await publicMemorial({ DateDeces: todayYearsAgo(5) }, "en");
  const email = uniqueEmail("jobs-run");
  await subscribeToAnniversaries(memorialId, email, {
    linkBase: baseUrl(),
    confirmed: true,
    client: "127.0.0.1",
  });
  const run = await cli("jobs", "run", "send-reminders");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const outcome = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
  expect(outcome).toMatchObject({ task: "send-reminders", outcome: "done" });
  const reminder = await waitForReminder(mailDir(), email, 60_000);
  expect(mailParts(reminder).subject).toContain("Anne Lambert");
});
