// A data subject's request answered by the service's staff (lib/privacy/subject-*.ts):
// where an e-mail address (and optionally a name) is held, a copy of those rows, their erasure.
// Every operator's rows, or with --operator one operator's (its memorials and its team).

import { DomainError } from "@memorial/lib/errors";
import { eraseSubject } from "@memorial/lib/privacy/subject-erase";
import { exportSubject } from "@memorial/lib/privacy/subject-export";
import { findSubject, normaliseSubject, type SubjectQuery } from "@memorial/lib/privacy/subject-find";
import { type Command, integer, str, text, UsageError, type Values } from "../arguments";

const options = { email: str, name: str, operator: str };

function query(f: Values): SubjectQuery {
  const operatorId = integer(f, "operator", { required: false });
  const subject = { email: text(f, "email") as string, name: text(f, "name", false) ?? null };
  try {
    normaliseSubject(subject);
  } catch (error) {
    // A bad address or name is a bad argument (status 2), as the other commands' are.
    if (error instanceof DomainError) throw new UsageError(`--${error.problem?.field}: ${error.message}`);
    throw error;
  }
  return {
    ...subject,
    scope: operatorId === undefined ? { kind: "service" } : { kind: "operator", operatorId, team: true },
  };
}

export const PRIVACY_COMMANDS: Record<string, Command> = {
  "privacy find": { options, run: (f) => findSubject(query(f)) },
  "privacy export": { options, run: (f) => exportSubject(query(f)) },
  "privacy erase": { options, run: (f) => eraseSubject(query(f)) },
};
