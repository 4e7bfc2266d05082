// CPU spent by the processes of one session since the last call (clock ticks, user + system, with
// the children they reaped): `node session-cpu.mjs SID STATE_FILE`. Counted per process, so that a
// process that ends between two calls takes nothing away; one that starts counts in full.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const [sid, stateFile] = process.argv.slice(2);
let before = {};
try {
  before = JSON.parse(readFileSync(stateFile, "utf8"));
} catch {}
const now = {};
let spent = 0;
for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    continue;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[3] !== sid) continue;
  const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  now[pid] = ticks;
  spent += Math.max(0, ticks - (before[pid] ?? 0));
}
writeFileSync(stateFile, JSON.stringify(now));
console.log(spent);
