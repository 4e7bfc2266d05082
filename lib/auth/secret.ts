// The key that signs and encrypts dashboard sessions. NEXTAUTH_SECRET in production; for a local
// run without it, a random secret is generated once and kept in DATA_DIR/nextauth-secret (mode
// 0600), so sessions survive restarts and no one has to invent a secret to try the service.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { settings } from "@/lib/settings";

let cached: string | undefined;

export function authSecret(): string {
  const fromEnv = settings().NEXTAUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (cached) return cached;
  // turbopackIgnore: the directory is known only at run time; nothing to trace into the build.
  const dir = path.resolve(/* turbopackIgnore: true */ settings().DATA_DIR);
  const file = path.join(dir, "nextauth-secret");
  cached = readSecret(file) ?? createSecret(dir, file);
  return cached;
}

function readSecret(file: string): string | null {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function createSecret(dir: string, file: string): string {
  mkdirSync(dir, { recursive: true });
  // Written aside then linked into place: link() fails if the file exists, so two processes
  // starting together agree on one secret and neither ever reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  const value = readSecret(file);
  if (!value) throw new Error(`${file} is empty: delete it or set NEXTAUTH_SECRET`);
  return value;
}
