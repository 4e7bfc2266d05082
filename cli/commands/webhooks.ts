// Webhook endpoints, of any operator (the service's staff).
import { serviceAdminScope } from "@memorial/lib/scope";
import {
  createWebhookEndpoint,
  deleteWebhookEndpointOfAnyOperator,
  listAllWebhookEndpoints,
  listWebhookEndpoints,
  WEBHOOK_EVENTS,
} from "@memorial/lib/webhooks/endpoints";
import { type Command, flag, integer, str, text, UsageError } from "../arguments";

export const WEBHOOK_COMMANDS: Record<string, Command> = {
  "webhook create": {
    options: { operator: str, url: str, events: str, test: flag },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const url = text(f, "url")!;
      const events = text(f, "events")!;
      const test = f.test === true;
      const names = events.split(",").map((e) => e.trim());
      const unknown = names.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
      if (unknown !== undefined) {
        throw new UsageError(
          `--events: unknown event "${unknown}"; the events are ${WEBHOOK_EVENTS.join(", ")}`,
        );
      }
      // The secret is shown here only; the service keeps it encrypted. The URL is checked as the
      // running service checks it (same guard, same WEBHOOK_ALLOW_PRIVATE, production mode unless
      // NODE_ENV is development or test): an endpoint it would refuse gets no secret.
      const created = await createWebhookEndpoint({
        scope: serviceAdminScope(operatorId),
        url,
        events: names,
        environment: test ? "test" : "production",
      });
      return { id: created.id, secret: created.secret };
    },
  },
  "webhook list": {
    options: { operator: str },
    run: async (f) => {
      const operatorId = integer(f, "operator", { required: false });
      // Without --operator: every operator's, said explicitly (a missing id never means "all").
      const endpoints =
        operatorId === undefined
          ? await listAllWebhookEndpoints()
          : await listWebhookEndpoints(serviceAdminScope(operatorId));
      return { endpoints };
    },
  },
  "webhook delete": {
    options: { id: str },
    run: async (f) => {
      const id = integer(f, "id")!;
      await deleteWebhookEndpointOfAnyOperator(id);
      return { deleted: true };
    },
  },
};
