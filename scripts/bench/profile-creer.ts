// Profiles the planting use case alone (no HTTP): N sequential plantings of a new memorial, as
// POST /v1/Memorials/Creer does them, and the share of the time spent per layer.
//   DATABASE_URL=... KEY=mt_live_... node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/profile-creer.ts
import { disconnect } from "@memorial/lib/db/client";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { authenticateKey } from "@memorial/lib/operators/keys";
import { toCreateMemorialCommand, ZMemorialsCreer } from "@memorial/lib/v1/schemas/memorials";

const count = Number(process.env.N || 300);
const caller = await authenticateKey(process.env.KEY as string);
if (!caller) throw new Error("KEY is not a live key");
const body = {
  Defunt: { Nom: "Dupont", Prenom: "Marie", DateDeces: "2026-11-01T00:00:00Z" },
  DeLaPartDe: "Famille",
};
const started = performance.now();
for (let i = 0; i < count; i++) {
  const command = toCreateMemorialCommand(ZMemorialsCreer.parse(body));
  await createMemorial({ caller, command, linkBase: "http://localhost" });
}
const ms = performance.now() - started;
console.log(`${count} plantings in ${ms.toFixed(0)} ms: ${(ms / count).toFixed(2)} ms each`);
await disconnect();
