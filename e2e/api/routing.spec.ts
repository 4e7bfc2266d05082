// Every /v1 response is JSON, including what Next.js would answer before a route handler.
import { expect, test } from "@playwright/test";
import { baseUrl, makeIsolatedOperator } from "../support/factories";
import { rawRequest } from "../support/raw-http";

async function raw(method: string, path: string, key?: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: key ? { key } : {},
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type") ?? "", text };
}

test("a trailing slash answers a JSON 404, not a redirect", async () => {
  const op = await makeIsolatedOperator();
  for (const path of ["/v1/Plantations/", "/v1/", `/v1/${op.key}/Memorial/1/Infos/`]) {
    const r = await raw("GET", path, op.key);
    expect(r.status, path).toBe(404);
    expect(r.type).toContain("application/json");
    expect(JSON.parse(r.text)).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 404 });
  }
});

test("a path with an empty segment answers a JSON 404, not a redirect", async () => {
  const op = await makeIsolatedOperator();
  // Sent as written (node:http): `//v1/…` would be a host to fetch().
  for (const [method, path] of [
    ["GET", "/v1//Plantations"],
    ["GET", `/v1/${op.key}//Memorial/1/Infos`],
    ["POST", "/v1/Memorials//Creer"],
    ["GET", "//v1/Plantations"],
  ]) {
    const r = await rawRequest(baseUrl(), method, path, { key: op.key });
    expect(r.status, path).toBe(404);
    expect(r.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(r.text)).toMatchObject({ Objet: "erreur", HttpStatusCode: 404 });
    expect(JSON.parse(r.text).Message).toMatch(/empty segment/);
  }
});

test("a request target in absolute form is served as its path, API and pages alike", async () => {
  const op = await makeIsolatedOperator();
  const origin = baseUrl();
  const api = await rawRequest(origin, "GET", `${origin}/v1/Plantations?Limite=1`, { key: op.key });
  expect(api.status).toBe(200);
  expect(JSON.parse(api.text)).toMatchObject({ Objet: "plantations", Statut: "Ok" });
  const page = await rawRequest(origin, "GET", `${origin}/`);
  expect(page.status).toBe(200);
  expect(page.headers["content-type"]).toContain("text/html");
  const empty = await rawRequest(origin, "GET", `${origin}/v1//Plantations`, { key: op.key });
  expect(empty.status).toBe(404);
  expect(JSON.parse(empty.text).Message).toMatch(/empty segment/);
});

test("a malformed %-escape answers a JSON 400", async () => {
  const op = await makeIsolatedOperator();
  for (const path of ["/v1/Plantation/%", "/v1/Plantation/%E9", "/v1/Transactions/%C0%AF/11"]) {
    const r = await raw("GET", path, op.key);
    expect(r.status, path).toBe(400);
    expect(JSON.parse(r.text).Message).toMatch(/path is not valid/);
  }
});

test("OPTIONS and unknown methods answer a JSON 405", async () => {
  for (const method of ["OPTIONS", "PROPFIND"]) {
    const r = await raw(method, "/v1/Plantations");
    expect(r.status, method).toBe(405);
    expect(r.type).toContain("application/json");
    expect(JSON.parse(r.text).HttpStatusCode).toBe(405);
  }
});

test("the JSON 404 of an unknown path does not echo a key written in it", async () => {
  const op = await makeIsolatedOperator();
  const r = await raw("GET", `/v1/${op.key}/Memorial/1/infos`, op.key);
  expect(r.status).toBe(404);
  expect(r.text).not.toContain(op.key);
  expect(JSON.parse(r.text).Message).toContain("{key}");
});

test("pages keep their trailing-slash redirect", async () => {
  const r = await raw("GET", "/dashboard/signin/");
  expect(r.status).toBe(308);
});

test("a Host header that is no address still gets the API's JSON answer, never a text 500", async () => {
  // Next.js builds the Request a route file gets: a client's Host that is no URL authority ("a:b")
  // must not turn the answer into a text 500.
  const op = await makeIsolatedOperator();
  for (const host of ["a:b", "x:99999", "[", "::1"]) {
    const r = await rawRequest(baseUrl(), "GET", "/v1/Especes", { host, key: op.key });
    expect(r.status, host).toBe(200);
    expect(r.headers["content-type"], host).toContain("application/json");
    expect(JSON.parse(r.text).Statut, host).toBe("Ok");
  }
});
