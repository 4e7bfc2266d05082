// npm run bench:profile -- DIR: sums up the V8 CPU profiles (.cpuprofile) in DIR, as written by
// `npm run bench -- --profile DIR` (node --cpu-prof): the self time of each part of the process
// (this service's code, Next.js, Prisma, pg, React, Node's own, garbage collection, idle), and the
// functions with the most self time. Only the busiest profile (the HTTP server) is summed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = path.resolve(process.argv[2] ?? ".");
const profiles = readdirSync(dir)
  .filter((file) => file.endsWith(".cpuprofile"))
  .map((file) => ({ file, profile: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile }));
/** Time spent outside (idle): the HTTP server's profile is the busiest one. */
const busy = (p: Profile) => {
  const idle = new Set(
    p.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id),
  );
  return p.samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (p.timeDeltas[i] ?? 0)), 0);
};
const { file, profile } = profiles.sort((a, b) => busy(b.profile) - busy(a.profile))[0];

function part(url: string, name: string): string {
  if (name === "(idle)") return "idle";
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(program)") return "V8 (program)";
  if (url.includes("node_modules/next/")) return "Next.js";
  if (url.includes("@prisma") || url.includes("/lib/db/generated/")) return "Prisma";
  if (url.includes("node_modules/pg") || url.includes("node_modules/postgres-")) return "pg";
  if (url.includes("node_modules/react")) return "React";
  if (url.includes("node_modules/zod")) return "zod";
  if (url.includes("node_modules/")) return "other libraries";
  if (url.startsWith("node:") || url === "") return "Node.js and native";
  if (url.includes(".next/")) return "this service (bundled by Next.js)";
  return "this service";
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const parts = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = part(url, functionName);
  parts.set(name, (parts.get(name) ?? 0) + ms);
  if (name !== "idle") {
    total += ms;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "")}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
}
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s busy, ${((parts.get("idle") ?? 0) / 1000).toFixed(1)} s idle\n`,
);
for (const [name, ms] of [...parts].sort((a, b) => b[1] - a[1])) {
  if (name === "idle") continue;
  console.log(
    `${name.padEnd(36)}${(ms / 1000).toFixed(2).padStart(8)} s ${((100 * ms) / total).toFixed(1).padStart(6)} %`,
  );
}
console.log("\nself time, top 25 functions");
for (const [key, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${((100 * ms) / total).toFixed(1).padStart(6)} %  ${key.slice(0, 140)}`);
}
