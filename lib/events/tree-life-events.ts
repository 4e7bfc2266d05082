// The domain events of a tree's life (lib/trees), also webhook events. A module of its
// own, without the database, so that the webhook event types (and the API reference) can read it.
// tree.planted keeps its meaning (a tree ordered through the API, the dashboard or a confirmation).
export const TREE_LIFE_EVENTS = ["tree.in_ground", "tree.checked", "tree.died", "tree.replaced"] as const;
export type TreeLifeEvent = (typeof TREE_LIFE_EVENTS)[number];
