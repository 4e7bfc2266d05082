// Checks that the floor (bare-creer.mjs) sends exactly the statements of the project's planting.
// run.sh logs every statement in PostgreSQL (log_statement = all, log_line_prefix '%a|%p|') while
// one planting is sent to each, then runs this on the log from that moment:
//   node same-statements.mjs postgres.log FIRST_LINE
// It takes, for each side, the transaction (BEGIN ... COMMIT of one backend) that inserts a person:
// the project's by its pool's application_name (memorial-trees/...), the floor's by its own
// (bench-bare-creer); compares their statements, whitespace aside; prints them and exits 1 when
// they differ. The parameters' values are not compared (ids and times differ by nature).
import { readFileSync } from "node:fs";

const [file, from = "1"] = process.argv.slice(2);
const lines = readFileSync(file, "utf8")
  .split("\n")
  .slice(Number(from) - 1);

// Each logged statement: its session (application|pid) and its text, continuation lines included.
const entries = [];
for (const line of lines) {
  const head = /^([^|]*)\|(\d+)\|LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line);
  if (head) entries.push({ app: head[1], session: `${head[1]}|${head[2]}`, text: head[3] });
  else if (line.startsWith("\t") && entries.length > 0 && !entries.at(-1).done)
    entries.at(-1).text += `\n${line}`;
  else if (entries.length > 0) entries.at(-1).done = true;
}

const normal = (text) => text.replace(/\s+/g, " ").trim();

/**
 * The statements of the first transaction of a session of `app` that inserts a person, then the
 * duplicate detection that follows its commit (the next statement of `app` inserting into
 * memorial_duplicate, on whichever connection of its pool).
 */
function planting(app) {
  const open = new Map();
  let found = null;
  for (const entry of entries) {
    if (!entry.app.startsWith(app)) continue;
    const text = normal(entry.text);
    if (found) {
      if (text.includes('INSERT INTO "memorial_duplicate"')) return [...found, text];
      continue;
    }
    // BEGIN, alone or with the transaction's settings (lib/db/raw.ts sets its time limit with it).
    if (text === "BEGIN" || text.startsWith("BEGIN;")) open.set(entry.session, []);
    const statements = open.get(entry.session);
    if (!statements) continue;
    statements.push(text);
    if (text === "COMMIT" || text === "ROLLBACK") {
      open.delete(entry.session);
      if (statements.some((s) => s.includes('INSERT INTO "person"'))) found = statements;
    }
  }
  return found;
}

const project = planting("memorial-trees/");
const floor = planting("bench-bare-creer");
if (!project || !floor) {
  console.log(
    `statements: no planting logged for ${project ? "the floor" : "the project"} (log ${file} from line ${from})`,
  );
  process.exit(1);
}
const differing = [];
for (let i = 0; i < Math.max(project.length, floor.length); i++) {
  if (project[i] !== floor[i]) differing.push(i);
}
if (differing.length === 0) {
  console.log(
    `statements: the floor sends the planting's ${project.length} statements (BEGIN and COMMIT included, the duplicate detection after), text for text`,
  );
  process.exit(0);
}
console.log(
  `statements: the floor differs from the project's planting (${project.length} against ${floor.length}):`,
);
for (const i of differing) {
  console.log(`  #${i + 1} project: ${project[i] ?? "(none)"}`);
  console.log(`  #${i + 1} floor:   ${floor[i] ?? "(none)"}`);
}
process.exit(1);
