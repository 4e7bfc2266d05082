// A real SMTP server on the loopback interface for the tests: every message it receives is
// written as JSON into a directory, where tests read it (they run in other processes).
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  raw: string;
  receivedAt: string;
}

export async function startSmtpServer(dir: string, port = 0) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: new Date().toISOString(),
        };
        // Written aside, then renamed: a test reading the directory never sees half a file.
        const file = path.join(dir, `${Date.now()}-${process.pid}-${++count}.json`);
        writeFileSync(`${file}.part`, JSON.stringify(mail));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return { port: actualPort, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function readMails(dir: string): CaughtMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as CaughtMail);
}

/** Waits until a mail to `address` arrives (the outbox sender polls every few hundred ms). */
export async function waitForMail(dir: string, address: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readMails(dir).find((m) => m.to.includes(address.toLowerCase()));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
}

/** Waits until a mail to `address` with subject `subject` (decoded) arrives. */
export async function waitForMailAbout(
  dir: string,
  address: string,
  subject: string,
  timeoutMs = 15_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readMails(dir).find(
      (m) => m.to.includes(address.toLowerCase()) && mailParts(m).subject === subject,
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${address} about "${subject}" within ${timeoutMs} ms`);
}

/** The decoded text of a caught mail (quoted-printable soft breaks removed). */
export function mailText(mail: CaughtMail): string {
  return mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The subject, plain text and HTML of a caught mail, decoded (UTF-8, quoted-printable, base64). */
export function mailParts(mail: CaughtMail): { subject: string; text: string; html: string } {
  const found = { subject: "", text: "", html: "" };
  const top = splitEntity(mail.raw);
  found.subject = decodeWords(top.headers.subject ?? "");
  const walk = (entity: Entity) => {
    const type = (entity.headers["content-type"] ?? "text/plain").toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(entity.headers["content-type"] ?? "")?.[1];
    if (type.startsWith("multipart/") && boundary) {
      const parts = entity.body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith("--")) break;
        // The line break before a boundary belongs to the boundary (RFC 2046).
        walk(splitEntity(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
      }
      return;
    }
    const body = decodeBody(entity.body, entity.headers["content-transfer-encoding"] ?? "7bit");
    if (type.startsWith("text/plain")) found.text = body.replace(/\r\n/g, "\n");
    if (type.startsWith("text/html")) found.html = body.replace(/\r\n/g, "\n");
  };
  walk(top);
  return found;
}

/** The attached files of a caught mail (Content-Disposition: attachment), decoded. */
export function mailAttachments(
  mail: CaughtMail,
): { filename: string; contentType: string; content: Buffer }[] {
  const found: { filename: string; contentType: string; content: Buffer }[] = [];
  const walk = (entity: Entity) => {
    const type = entity.headers["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const part of entity.body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith("--")) break;
        walk(splitEntity(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
      }
      return;
    }
    const disposition = entity.headers["content-disposition"] ?? "";
    if (!/^attachment/i.test(disposition)) return;
    const encoding = (entity.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
    const content =
      encoding === "base64"
        ? Buffer.from(entity.body.replace(/\s+/g, ""), "base64")
        : Buffer.from(encoding === "quoted-printable" ? quotedPrintable(entity.body) : entity.body, "utf8");
    const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "");
    found.push({ filename, contentType: type.split(";")[0]!.trim().toLowerCase(), content });
  };
  walk(splitEntity(mail.raw));
  return found;
}

interface Entity {
  headers: Record<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable":
      return quotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** Quoted-printable: soft line breaks removed, =XX sequences read as UTF-8 bytes. */
function quotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-Fa-f]{2})+/g, (seq) => Buffer.from(seq.replace(/=/g, ""), "hex").toString("utf8"));
}

/** RFC 2047 encoded words of a header (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : quotedPrintable(data.replace(/_/g, " ")),
    );
}
