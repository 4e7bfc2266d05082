// The routes of the v1 API: the handler of each method of each path of lib/v1-paths.ts. Each path
// has its Next.js route file under app/v1/ (app/v1/<path>/route.ts), one call of `v1Route`; the
// route files, this table and the OpenAPI document are held together by lib/v1/route-files.test.ts.

import { V1_PATHS, type V1Path } from "@memorial/lib/v1-paths";
import { serializeContexte } from "./contexte";
import { contextes, espece, especes, plantation, plantations } from "./endpoints/catalogue";
import { ceremonieAnnuler, ceremonieDefinir, ceremonieLire } from "./endpoints/ceremony";
import { codesCreer, codesListe, codesUtiliser } from "./endpoints/codes";
import { livreDor } from "./endpoints/guestbook";
import { arbreResponse, memorialInfosResponse, treeReportResponse } from "./endpoints/key-path";
import { memorialsCreer, personneModifier } from "./endpoints/memorials";
import { arbresDeplacer } from "./endpoints/move-trees";
import { donneesPersonnelles, donneesPersonnellesEffacer } from "./endpoints/personal-data";
import { transactions, transactionsTotaux } from "./endpoints/transactions";
import { errorBody } from "./errors";
import { json, methodNotAllowed, type RouteHandler, v1 } from "./handler";

type V1Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
type Methods = Partial<Record<V1Method, RouteHandler>>;

export interface V1RouteDefinition {
  /** The path under /v1/, e.g. "Memorial/[memorialId]/Infos". */
  path: string;
  methods: Methods;
}

const header = { auth: "header" } as const;
// The report, Infos and Arbre paths also take the key as their first segment (part 5 rule 2).
const path = { auth: "path" } as const;
const epfReport = (auth: typeof header | typeof path) => ({
  GET: v1(auth, (req) => treeReportResponse(req, "epf")),
});
const personReport = (auth: typeof header | typeof path) => ({
  GET: v1(auth, (req) => treeReportResponse(req, "personne")),
});

const HANDLERS: Record<V1Path, Methods> = {
  Especes: { GET: v1(header, especes) },
  "Espece/[id]": { GET: v1(header, espece) },
  Plantations: { GET: v1(header, plantations) },
  "Plantation/[id]": { GET: v1(header, plantation) },
  Contextes: { GET: v1(header, contextes) },
  "Memorials/Creer": { POST: v1({ ...header, body: true }, memorialsCreer) },
  "Personne/Modifier": { PUT: v1({ ...header, body: true }, personneModifier) },
  "Transactions/[year]/[month]": { GET: v1(header, transactions) },
  "Transactions/totaux/[mode]/[year]/[month]": { GET: v1(header, transactionsTotaux) },
  "LivreDor/[messageId]": { GET: v1(header, livreDor) },
  Codes: { GET: v1(header, codesListe) },
  "Codes/Creer": { POST: v1({ ...header, body: true }, codesCreer) },
  "Codes/Utiliser": { POST: v1({ ...header, body: true }, codesUtiliser) },
  "Arbres/Deplacer": { POST: v1({ ...header, body: true }, arbresDeplacer) },
  DonneesPersonnelles: { GET: v1(header, donneesPersonnelles) },
  "DonneesPersonnelles/Effacer": { POST: v1({ ...header, body: true }, donneesPersonnellesEffacer) },
  "Arbre/[arbreId]": { GET: v1(header, arbreResponse) },
  "[key]/Arbre/[arbreId]": { GET: v1(path, arbreResponse) },
  "Memorial/[memorialId]/Infos": { GET: v1(header, memorialInfosResponse) },
  "[key]/Memorial/[memorialId]/Infos": { GET: v1(path, memorialInfosResponse) },
  "Memorial/[memorialId]/Ceremonie": {
    GET: v1(header, ceremonieLire),
    PUT: v1({ ...header, body: true }, ceremonieDefinir),
  },
  "Memorial/[memorialId]/Ceremonie/Annuler": { POST: v1(header, ceremonieAnnuler) },
  "Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]": epfReport(header),
  "[key]/Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]": epfReport(path),
  "Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]":
    personReport(header),
  "[key]/Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]":
    personReport(path),
};

export const V1_ROUTES: V1RouteDefinition[] = V1_PATHS.map((path) => ({ path, methods: HANDLERS[path] }));

/** The methods a /v1 route file exports: those of its path, and a JSON 405 for the others. */
export type V1RouteModule = Record<V1Method | "HEAD", RouteHandler>;

const METHODS: V1Method[] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

/**
 * What the route file of `path` exports. Every method is exported, so that one the path does not
 * have answers the Error object with 405 and Allow, where Next.js would answer an empty 405; HEAD
 * is GET (Node.js leaves out the body), as Next.js would make it, and a 405 on a path without GET.
 */
export function v1Route(path: V1Path): V1RouteModule {
  const own = HANDLERS[path];
  const refuse = methodNotAllowed(Object.keys(own));
  const module = { HEAD: own.GET ?? refuse } as V1RouteModule;
  for (const method of METHODS) module[method] = own[method] ?? refuse;
  return module;
}

/**
 * The JSON 404 of a /v1 path that no route serves (app/v1/[[...path]]/route.ts, the catch-all,
 * every method); a key written as a path segment is not echoed back.
 */
export const noEndpoint: RouteHandler = async (request) => {
  const shown = safeDecode(new URL(request.url).pathname)
    .split("/")
    .map((segment) => (/^mt_(live|test)_/.test(segment) ? "{key}" : segment))
    .join("/")
    .slice(0, 200);
  return json(404, errorBody(404, `no endpoint ${request.method} ${shown}`, serializeContexte(null, [])));
};

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
