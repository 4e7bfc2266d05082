// One operation of the v1 API: lib/v1/routes.ts gives its handlers; the methods it lacks answer 405.
import { v1Route } from "@memorial/lib/v1/routes";

export const dynamic = "force-dynamic";
export const { GET, HEAD, POST, PUT, DELETE, PATCH } = v1Route("Memorial/[memorialId]/Ceremonie/Annuler");
