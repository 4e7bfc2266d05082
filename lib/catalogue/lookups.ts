// A species and a planting site by their id, as the catalogue names them (the stored, French names),
// for a result that says what was planted where. Whether the operator may plant them is the
// planting's rules' (queries.ts reads the catalogue an operator may choose from).
import { db } from "@memorial/lib/db/client";

/** The species of this id (its name), null when there is none. */
export async function speciesById(speciesId: number): Promise<{ name: string } | null> {
  return db.species.findUnique({ where: { id: speciesId }, select: { name: true } });
}

/** The planting site of this id (its name and country), null when there is none. */
export async function plantationById(
  plantationId: number,
): Promise<{ name: string; country: string } | null> {
  return db.plantation.findUnique({ where: { id: plantationId }, select: { name: true, country: true } });
}
