// GET /v1/Especes, /Espece/{id}, /Plantations, /Plantation/{id} and /Contextes: the calling
// operator's catalogue and contexts (specification part 3).
import {
  getPlantation,
  getSpecies,
  listActivePlantations,
  listAvailableSpecies,
  type SpeciesRow,
} from "@memorial/lib/catalogue/queries";
import { notFound } from "@memorial/lib/errors";
import { listContexts } from "@memorial/lib/operators/queries";
import { envelope, jsonText, type V1Request, withItemsJson } from "@memorial/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@memorial/lib/v1/paging";
import { idParam } from "@memorial/lib/v1/params";
import { serializePlantation, serializeSpecies } from "@memorial/lib/v1/serializers/catalogue";
import { serializeContextRecord } from "@memorial/lib/v1/serializers/contexts";

/** The page the request asks (Page, Limite) of the caller's rows, named in its operator's language. */
async function callersPage<Row>(
  req: V1Request,
  list: (
    operatorId: number,
    limit: number,
    offset: number,
    language: string,
  ) => Promise<{ rows: Row[]; total: number }>,
) {
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await list(
    req.caller.operatorId,
    paging.limit,
    paging.offset,
    req.caller.operatorLanguage,
  );
  return { rows, page: listingPage(paging, total, rows.length) };
}

/** The caller's row of the path's id, named in its operator's language; another's is not found. */
async function callersOne<Row>(
  req: V1Request,
  get: (operatorId: number, id: number, language: string) => Promise<Row | null>,
  what: string,
): Promise<Row> {
  const id = idParam("id", req.params.id);
  const row = await get(req.caller.operatorId, id, req.caller.operatorLanguage);
  if (!row) throw notFound(`${what} ${id} does not exist`);
  return row;
}

/** A page of species the catalogue's cache keeps, as JSON: written once, not at every request. */
const speciesJson = new WeakMap<SpeciesRow[], string>();

/** GET /v1/Especes: the species the calling operator can have planted now. */
export async function especes(req: V1Request) {
  const { rows, page } = await callersPage(req, listAvailableSpecies);
  let items = speciesJson.get(rows);
  if (items === undefined) {
    items = JSON.stringify(rows.map(serializeSpecies));
    speciesJson.set(rows, items);
  }
  return jsonText(
    200,
    withItemsJson(Object.assign(envelope(req, "especes"), { Especes: [] }, page), "Especes", items),
  );
}

/** GET /v1/Espece/{id} */
export async function espece(req: V1Request) {
  const row = await callersOne(req, getSpecies, "species");
  return { ...envelope(req, "espece"), Espece: serializeSpecies(row) };
}

/** GET /v1/Plantations: the operator's active planting sites. */
export async function plantations(req: V1Request) {
  const { rows, page } = await callersPage(req, listActivePlantations);
  return Object.assign(envelope(req, "plantations"), { Plantations: rows.map(serializePlantation) }, page);
}

/** GET /v1/Plantation/{id} */
export async function plantation(req: V1Request) {
  const row = await callersOne(req, getPlantation, "plantation");
  return { ...envelope(req, "plantation"), Plantation: serializePlantation(row) };
}

/** GET /v1/Contextes: the operator's contexts. */
export async function contextes(req: V1Request) {
  const { rows, page } = await callersPage(req, listContexts);
  return Object.assign(envelope(req, "contextes"), { Contextes: rows.map(serializeContextRecord) }, page);
}
