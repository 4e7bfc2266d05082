// The processes of a running service, read from /proc (Linux): for the tests that weigh the
// server's memory or count its database connections.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * The processes of the service at `url`: the one listening on its port (found by its socket's
 * inode in /proc/net/tcp), and its children.
 */
export function serverPids(url: string): number[] {
  const port = Number(new URL(url).port);
  const procs = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the tenth field.
      if (Number.parseInt(f[1].split(":")[1], 16) === port && f[3] === "0A") inodes.add(f[9]);
    }
  }
  const roots = procs.filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          return inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? "");
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
  const parentOf = (pid: string) => {
    try {
      return /PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "";
    } catch {
      return "";
    }
  };
  // Next.js may serve from a child process: count the whole family.
  const family = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const pid of procs) {
      if (!family.has(pid) && family.has(parentOf(pid))) {
        family.add(pid);
        grew = true;
      }
    }
  }
  return [...family].map(Number);
}
