// The test files of a vitest worker share its modules (vitest.config.ts): a file that replaces a
// module with vi.mock must be named *.isolated.test.ts to get modules of its own, or its replacement
// would miss the modules already loaded and reach the files that come after it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Where vitest's projects find their files. */
const FOLDERS = ["test", "lib", "web", "cli", "components"];

it("every test file that replaces a module is one with modules of its own", () => {
  const files = FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".test.ts"))
      .map((file) => path.join(folder, file)),
  );
  const mocking = files.filter((file) =>
    /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(ROOT, file), "utf8")),
  );
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !file.endsWith(".isolated.test.ts"))).toEqual([]);
});
