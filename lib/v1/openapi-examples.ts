// Ids of the demo catalogue (lib/catalogue/demo.ts) as a fresh database numbers them: the demo
// operator is the first operator; its contexts are created group, funeral home, agency; species
// and plantations in their order. The reference's examples use them, so that a partner trying the
// demo can send them as they are; e2e/api/contract.spec.ts sends them to a freshly seeded service.
export const DEMO_IDS = {
  operatorId: 1,
  groupId: 1,
  funeralHomeId: 2,
  agencyId: 3,
  speciesId: 1,
  plantationId: 1,
} as const;
