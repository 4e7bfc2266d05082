// A command given wrong arguments: its message on standard error, exit status 2 (cli/index.ts).
export class UsageError extends Error {}
