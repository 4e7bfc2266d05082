// node --import ./test/support/no-typescript.mjs: registers test/support/no-typescript-hooks.mjs.
import { register } from "node:module";

register("./no-typescript-hooks.mjs", import.meta.url);
