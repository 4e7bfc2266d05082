// The e-mails of one of the operator's memorials as the outbox holds them, and whether this
// service can send e-mail at all (SMTP_URL): the dashboard says plainly what happens to them.
import { db } from "@/lib/db/client";

export type EmailState = "sent" | "waiting" | "retrying" | "failed" | "held";

/** pending with no attempt yet is waiting; pending after a failed attempt is retrying. */
export function emailState(row: { status: string; attempts: number }): EmailState {
  if (row.status === "pending") return row.attempts > 0 ? "retrying" : "waiting";
  return row.status as EmailState;
}

/** Without SMTP_URL, e-mails are kept (held), printed in the log, sent once it is set. */
export const mailConfigured = () => Boolean(process.env.SMTP_URL?.trim());

export async function memorialEmails(operatorId: number, memorialId: number) {
  const rows = await db.outgoingEmail.findMany({
    where: { memorialId, isTest: false, memorial: { operatorId, isTest: false } },
    select: {
      id: true,
      to: true,
      subject: true,
      status: true,
      attempts: true,
      createdAt: true,
      sentAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
  });
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    state: emailState(row),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
