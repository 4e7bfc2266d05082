// Operators and what belongs to them: contexts (funeral homes...), API keys, prepaid trees, users.
import { DomainError } from "@memorial/lib/errors";
import { CONTEXT_KINDS, createContext, setContextDefaultPrivacy } from "@memorial/lib/operators/contexts";
import {
  addPrepaid,
  createOperator,
  isUnconfirmedOutcome,
  setUnconfirmedOutcome,
} from "@memorial/lib/operators/create-operator";
import { createApiKey, revokeApiKey } from "@memorial/lib/operators/keys";
import { createUser } from "@memorial/lib/users/create-user";
import { isRole } from "@memorial/lib/users/roles";
import { type Command, decimal, flag, integer, language, privacy, str, text, UsageError } from "../arguments";

/** A context's kind, as the domain lists them. */
type ContextKind = (typeof CONTEXT_KINDS)[number];

export const OPERATOR_COMMANDS: Record<string, Command> = {
  "operator create": {
    options: { name: str, lang: str, prepaid: str, countries: str, "max-price": str },
    run: async (f) => {
      const name = text(f, "name")!;
      const lang = language(f, "lang");
      const prepaid = integer(f, "prepaid", { required: false, min: 0 });
      const countries = text(f, "countries", false);
      const maxPrice = decimal(f, "max-price", 0, 1_000_000, false);
      const codes = countries ? countries.split(",").map((c) => c.trim().toUpperCase()) : [];
      for (const code of codes) {
        if (!/^[A-Z]{2}$/.test(code))
          throw new UsageError(`--countries: "${code}" is not an ISO 3166 two-letter code`);
      }
      return createOperator({
        name,
        language: lang,
        prepaidTrees: prepaid,
        allowedCountries: codes,
        maxUnitPrice: maxPrice,
      });
    },
  },
  "context create": {
    options: { operator: str, kind: str, name: str, parent: str, lang: str, privacy: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const kind = text(f, "kind")!;
      if (!CONTEXT_KINDS.includes(kind as ContextKind)) {
        throw new UsageError(`--kind must be one of ${CONTEXT_KINDS.join(", ")}; got "${kind}"`);
      }
      const name = text(f, "name")!;
      const parentId = integer(f, "parent", { required: false });
      const lang = language(f, "lang");
      const context = await createContext({
        operatorId,
        kind: kind as ContextKind,
        name,
        parentId,
        language: lang,
        defaultPrivacy: privacy(f, false),
      });
      return { id: context.id };
    },
  },
  // The privacy its memorials get until their family chooses ("default": public).
  "context privacy": {
    options: { operator: str, context: str, privacy: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const contextId = integer(f, "context")!;
      return setContextDefaultPrivacy(operatorId, contextId, privacy(f, true));
    },
  },
  "key create": {
    options: { operator: str, test: flag },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const test = f.test === true;
      const created = await createApiKey(operatorId, test ? "test" : "production");
      return { key: created.key };
    },
  },
  "key revoke": {
    options: { key: str },
    run: async (f) => {
      const key = text(f, "key")!;
      if (!(await revokeApiKey(key))) throw new DomainError("NOT_FOUND", "no such key");
      return { revoked: true };
    },
  },
  "prepaid add": {
    options: { operator: str, trees: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const trees = integer(f, "trees")!;
      return addPrepaid(operatorId, trees);
    },
  },
  // Where the tree of a memorial never confirmed (or declined) goes; shown without --outcome.
  "operator unconfirmed": {
    options: { operator: str, outcome: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const outcome = text(f, "outcome", false);
      if (outcome !== undefined && !isUnconfirmedOutcome(outcome))
        throw new UsageError(`--outcome: "${outcome}" is not credit or global`);
      return setUnconfirmedOutcome(operatorId, outcome);
    },
  },
  "user create": {
    options: { operator: str, email: str, password: str, role: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const email = text(f, "email")!;
      const password = text(f, "password")!;
      // The first user of an operator is its admin; --role staff makes a staff user.
      const role = text(f, "role", false) ?? "admin";
      if (!isRole(role)) throw new UsageError(`--role must be admin or staff, got "${role}"`);
      const user = await createUser({ operatorId, email, password, role });
      return { userId: user.id, role: user.role };
    },
  },
};
