// One value per process, even when Next.js bundles the module that asks for it more than once
// (route handlers, pages and instrumentation each get their own copy of a module).
export function processSingleton<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<string, T | undefined>;
  const key = `__memorialTrees_${name}`;
  registry[key] ??= create();
  return registry[key] as T;
}
