// Vitest gives each test file its own copy of lib/'s modules (the service's process holds one:
// docs/architecture.md). What a file opened of the process's resources, its database pools and its
// LISTEN connection, is closed when the file ends, so that the files of one worker do not add up
// connections.

import { disconnect } from "@memorial/lib/db/client";
import { stopListening } from "@memorial/lib/events/listener";
import { afterAll } from "vitest";

afterAll(async () => {
  await stopListening();
  await disconnect();
});
