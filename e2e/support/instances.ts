// The service's other instances of the end-to-end run, started once by the global setup
// (e2e/support/global-setup.ts) on the same database and settings, and shared by the specs that
// need them: a second instance (caches that follow another instance's changes), and one behind a
// trusted proxy (TRUST_PROXY=1: each test a client of its own by X-Forwarded-For). A spec that
// needs other settings, or stops its instance, starts its own (e2e/support/server.ts).

/** Another instance of the service, as behind a load balancer. */
export const secondInstance = () => ({ url: process.env.E2E_SECOND_URL as string });

/** An instance that reads the client's address from X-Forwarded-For (TRUST_PROXY=1). */
export const proxiedInstance = () => ({ url: process.env.E2E_PROXIED_URL as string });
