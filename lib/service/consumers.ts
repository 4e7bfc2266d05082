// The durable consumers of the domain events (lib/events/dispatcher.ts), in one list for every
// process that dispatches events: the service's launcher (scripts/start.ts) and the command line's
// `jobs run dispatch-events` (cli/commands/jobs.ts). A consumer added here is run by both.
import type { DurableConsumer } from "@memorial/lib/events/dispatcher";
import { confirmationEmailConsumer } from "@memorial/lib/mail/confirmation-consumer";
import { inGroundEmailConsumer } from "@memorial/lib/mail/in-ground-consumer";
import { mergeEmailConsumer } from "@memorial/lib/mail/merge-consumer";
import { visitorReceiptConsumer } from "@memorial/lib/visitors/receipt-consumer";
import { webhookConsumer } from "@memorial/lib/webhooks/consumer";

/**
 * The e-mail of a confirmation, the family's e-mail when its trees are in the ground, a visitor's
 * receipt, both families' e-mail of a merge of duplicates, and the webhook deliveries.
 */
export const DURABLE_CONSUMERS: DurableConsumer[] = [
  confirmationEmailConsumer,
  inGroundEmailConsumer,
  visitorReceiptConsumer,
  mergeEmailConsumer,
  webhookConsumer,
];
