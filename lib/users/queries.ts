// Reads of an operator's users for the dashboard.
import { db } from "@memorial/lib/db/client";
import { listTeam } from "./team";

/** The operator's users (with their roles) and its pending invitations, for the team screen. */
export function operatorTeam(operatorId: number) {
  return listTeam(db, operatorId);
}
