// The signed-in operator user as the dashboard's code sees it (read by web/auth/session.ts).
import type { OperatorScope } from "@memorial/lib/scope";
import type { Role } from "@memorial/lib/users/roles";

export interface OperatorSession {
  userId: number;
  operatorId: number;
  email: string;
  operatorName: string;
  operatorLanguage: string;
  /** Read from the user's row on every request: a change of role applies at once. */
  role: Role;
  /** Who is looking (lib/scope.ts): this user, for its operator, in production. Pass it on. */
  scope: OperatorScope;
}
