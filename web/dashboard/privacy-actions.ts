"use server";
import { refuse } from "@memorial/lib/dashboard/action";
import { DomainError } from "@memorial/lib/errors";
import { eraseSubject } from "@memorial/lib/privacy/subject-erase";
import { exportSubject } from "@memorial/lib/privacy/subject-export";
import { findSubject, type SubjectQuery } from "@memorial/lib/privacy/subject-find";
// Server Actions of /dashboard/privacy: a person's request answered by an admin of
// the operator, about its own data only (its memorials and its team; lib/privacy/subject-find.ts):
// where the address (and name) is held, a copy, the erasure. Through the dashboard's one pipeline
// (lib/dashboard/action.ts), admins only: each answer is in the audit log as the user's.
import { z } from "zod";
import { action } from "@/web/dashboard/action";

const input = z.object({
  email: z.string().max(254),
  name: z.string().max(200).nullable(),
});
const args = (email: string, name: string | null) => ({ email, name: name?.trim() ? name : null });
const query = (values: z.output<typeof input>, operatorId: number): SubjectQuery => ({
  ...values,
  scope: { kind: "operator", operatorId, team: true },
});

export const findSubjectAction = action({
  access: "admin",
  args,
  input,
  run: async (values, { session }) => ({ finding: await findSubject(query(values, session.operatorId)) }),
});

export const exportSubjectAction = action({
  access: "admin",
  args,
  input,
  run: async (values, { session }) => ({ document: await exportSubject(query(values, session.operatorId)) }),
});

export const eraseSubjectAction = action({
  access: "admin",
  args,
  input,
  run: async (values, { session }) => {
    try {
      return { report: await eraseSubject(query(values, session.operatorId)) };
    } catch (error) {
      // The last admin of the team: said in the user's words (the page's own message).
      if (error instanceof DomainError && error.problem?.reason === "last-admin") {
        throw refuse("LAST_ADMIN", error.message, { email: "last-admin" });
      }
      throw error;
    }
  },
});
