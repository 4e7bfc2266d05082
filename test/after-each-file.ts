// The files of a vitest worker share its modules (vitest.config.ts, isolate: false), so what a
// file changed of the process is put back when it ends: its environment variables (a test that sets
// APP_URL or NODE_ENV and forgets it would change the next file's settings), its database pools and
// its LISTEN connection (closed; the next file opens its own when it needs them).

import { disconnect } from "@memorial/lib/db/client";
import { stopListening } from "@memorial/lib/events/listener";
import { afterAll } from "vitest";

/** The environment as the file found it. */
const env = { ...process.env };

afterAll(async () => {
  await stopListening();
  await disconnect();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
