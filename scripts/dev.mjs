// npm run dev: the launcher in Next.js's development mode (pages, layouts and components reload in
// the browser), serving /v1, the pages and the dashboard through the same code as `npm start`.
// lib/ is compiled by esbuild in watch mode (scripts/build-lib.mjs); after each change of lib/ the
// launcher is restarted (Node loads a module once: the new code needs a new process).
import { spawn } from "node:child_process";
import path from "node:path";
import { LIB_OUT, watchLib } from "./build-lib.mjs";

const entry = path.join(LIB_OUT, "scripts", "start.js");
let child = null;
let restarting = false;

function startLauncher() {
  child = spawn(process.execPath, ["--enable-source-maps", entry, "--dev"], { stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (restarting) return;
    // The launcher stopped by itself (a bad setting, a port taken): so does npm run dev.
    process.exit(code ?? (signal ? 1 : 0));
  });
}

const context = await watchLib(() => {
  if (!child) return startLauncher();
  console.log("dev: lib/ changed, restarting the launcher");
  restarting = true;
  child.once("exit", () => {
    restarting = false;
    startLauncher();
  });
  child.kill("SIGTERM");
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    void context.dispose();
    if (!child || child.exitCode !== null) process.exit(0);
    restarting = true;
    child.once("exit", () => process.exit(0));
    child.kill("SIGTERM");
  });
}
