// The routes of the v1 API: the handler of each method of each path of lib/v1-paths.ts.
// lib/service/v1-routes.ts matches request paths against this table and answers every other method
// of a listed path with 405, every other path with the JSON 404; the same table serves
// `npm run dev`, the tests and `npm start`.

import { V1_PATHS, type V1Path } from "@memorial/lib/v1-paths";
import { contextes, espece, especes, plantation, plantations } from "./endpoints/catalogue";
import { codesCreer, codesListe, codesUtiliser } from "./endpoints/codes";
import { livreDor } from "./endpoints/guestbook";
import { arbreResponse, memorialInfosResponse, treeReportResponse } from "./endpoints/key-path";
import { memorialsCreer, personneModifier } from "./endpoints/memorials";
import { arbresDeplacer } from "./endpoints/move-trees";
import { donneesPersonnelles, donneesPersonnellesEffacer } from "./endpoints/personal-data";
import { transactions, transactionsTotaux } from "./endpoints/transactions";
import { type RouteHandler, v1 } from "./handler";

export type V1Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
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
  "Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]": epfReport(header),
  "[key]/Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]": epfReport(path),
  "Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]":
    personReport(header),
  "[key]/Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]":
    personReport(path),
};

export const V1_ROUTES: V1RouteDefinition[] = V1_PATHS.map((path) => ({ path, methods: HANDLERS[path] }));
