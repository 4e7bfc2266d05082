// Module hooks for test/start-compiled.test.ts: any TypeScript file, or tsx, loaded by the process
// is an error (npm start must run JavaScript only).
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (/\.[cm]?tsx?$/.test(result.url) || result.url.includes("/node_modules/tsx/")) {
    throw new Error(`TypeScript loaded at run time: ${result.url}`);
  }
  return result;
}
