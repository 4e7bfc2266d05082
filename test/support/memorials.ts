// The memorials the database tests plant through the service's own code, a new classic memorial
// unless told, with who acts named for the audit log.
import { actingAs } from "@memorial/lib/audit/actor";
import type { CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import type { Caller } from "@memorial/lib/operators/keys";
import type { Actor } from "@memorial/lib/scope";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./commands";

const plantingAs =
  (actorOf: (caller: Caller) => Actor) =>
  (
    caller: Caller,
    command: CreateMemorialCommand = plantingCommand(newMemorialTarget()),
    linkBase: string | null = "http://trees.test",
  ) =>
    actingAs(actorOf(caller), () => createMemorial({ caller, command, linkBase }));

/** `command` planted by the key's caller for the test's own setup: the test fixture acts. */
export const fixtureMemorial = plantingAs(() => TEST_FIXTURE);

/** `command` planted as the API plants it: the key's caller acts. */
export const callerMemorial = plantingAs((caller) => caller.actor);
