// The key that signs and encrypts dashboard sessions. NEXTAUTH_SECRET in production; for a local
// run without it, a random secret is generated once and kept in DATA_DIR/nextauth-secret (mode
// 0600), so sessions survive restarts and no one has to invent a secret to try the service.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createSecretFile, readSecretFile } from "@memorial/lib/secret-file";
import { settings } from "@memorial/lib/settings";

let cached: string | undefined;

export function authSecret(): string {
  const fromEnv = settings().NEXTAUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (cached) return cached;
  // turbopackIgnore: the directory is known only at run time; nothing to trace into the build.
  const dir = path.resolve(/* turbopackIgnore: true */ settings().DATA_DIR);
  const file = path.join(dir, "nextauth-secret");
  cached = readSecretFile(file) ?? createSecret(dir, file);
  return cached;
}

function createSecret(dir: string, file: string): string {
  mkdirSync(dir, { recursive: true });
  return createSecretFile(file, "delete it or set NEXTAUTH_SECRET");
}
