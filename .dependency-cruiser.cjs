// dependency-cruiser (npm run lint): the folders of lib/ import one way. A cycle
// between two folders (lib/events -> lib/mail -> lib/events, or longer) fails the lint; it is
// removed by moving code where it belongs (docs/architecture.md, "One module graph").
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment:
        "A folder of lib/ must not depend, directly or through other folders, on a folder that depends on it.",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "no-cycle-through-lib-root",
      comment:
        "The files at the root of lib/ (settings, log, links...) are below every folder: none takes part in a cycle with a folder.",
      severity: "error",
      from: { path: "^lib/[^/]+$" },
      to: { circular: true, via: { path: "^lib/[^/]+/" } },
    },
  ],
  options: {
    includeOnly: "^lib/",
    exclude: { path: ["\\.test\\.ts$", "^lib/db/generated/"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  },
};
