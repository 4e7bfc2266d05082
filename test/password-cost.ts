// The database tests' users hash their passwords at 2^10, not the production 2^15
// (lowerHashCostForTests, refused in production mode): the sign-in and team tests check hundreds of
// passwords, at a core's 0.14 s each at the production cost. Each hash names its cost and is
// checked at it; e2e/browser/dashboard-team.spec.ts checks the cost of the hashes the service makes.
import { lowerHashCostForTests } from "@memorial/lib/users/passwords";

lowerHashCostForTests(2 ** 10);
