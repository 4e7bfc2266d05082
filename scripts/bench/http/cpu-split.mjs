// CPU milliseconds spent since the last call by the processes of some sessions and their
// descendants, split into PostgreSQL's processes and the others (Node):
// `node cpu-split.mjs STATE_FILE SID...` prints "node_ms postgres_ms". run.sh calls it around each
// measurement, with the session of the project (its launcher, HTTP server, job workers and
// embedded PostgreSQL, whose backends are the postmaster's children in sessions of their own) or
// of the floor being measured, so that a request's CPU is told apart on each side. Each process
// counts its own time only (not its reaped children's: a backend that exits would otherwise bring
// its whole life into its postmaster's figure); one that starts between two calls counts in full,
// one that ends loses its last interval.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const [stateFile, ...sids] = process.argv.slice(2);
let before = {};
try {
  before = JSON.parse(readFileSync(stateFile, "utf8"));
} catch {}
const processes = new Map();
for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    processes.set(pid, {
      command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      parent: fields[1],
      session: fields[3],
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  } catch {
    // ended meanwhile
  }
}
/** Whether `pid` is in one of the sessions, or descends from a process that is. */
function counted(pid, depth = 0) {
  const process = processes.get(pid);
  if (!process || depth > 20) return false;
  return sids.includes(process.session) || counted(process.parent, depth + 1);
}
const now = {};
const spent = { node: 0, postgres: 0 };
for (const [pid, process] of processes) {
  if (!counted(pid)) continue;
  now[pid] = process.ticks;
  spent[process.command === "postgres" ? "postgres" : "node"] += Math.max(
    0,
    process.ticks - (before[pid] ?? 0),
  );
}
writeFileSync(stateFile, JSON.stringify(now));
const ms = (ticks) => Math.round((ticks * 1000) / 100); // USER_HZ
console.log(ms(spent.node), ms(spent.postgres));
