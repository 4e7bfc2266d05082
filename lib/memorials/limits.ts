// Maximum lengths of what a memorial's requests carry, the columns' sizes (documented in docs/api.md
// and the API reference). Texts derived from them (titles, e-mail subjects) are cut to their own
// columns: see policy.ts.
export const LIMITS = {
  name: 200,
  civility: 50,
  planter: 200,
  message: 2000,
  anonymousName: 200,
  email: 254,
  url: 2048,
  placeOfDeath: 200,
  idempotencyKey: 200,
  shortText: 200,
} as const;
