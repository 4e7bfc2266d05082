// A random secret kept in a file of its own (mode 0600) for a local run: the session key
// (lib/auth-secret.ts), the embedded PostgreSQL's password (lib/db/embedded.ts).
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";

/** The secret in the file, or null when there is no file (or it is empty). */
export function readSecretFile(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Makes the file with a new random secret unless it exists, and returns the secret in it. Written
 * aside then linked into place: link() fails if the file exists, so two processes starting
 * together agree on one secret and neither ever reads a half-written file. `ifEmpty` says what to
 * do when the file is there but empty.
 */
export function createSecretFile(file: string, ifEmpty: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  const value = readSecretFile(file);
  if (!value) throw new Error(`${file} is empty: ${ifEmpty}`);
  return value;
}
