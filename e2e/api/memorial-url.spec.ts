// Extension UrlMemorial (creation response, memorial information): the absolute address of the
// memorial's public page, null while the memorial is not public. With APP_URL unset (as the
// tests run the service), the address is built on the Host the request came to.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { confirmAsFamily } from "../support/confirmation";
import { api, baseUrl, mailDir, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";

const defunt = { Nom: "Lemaire", Prenom: "Paul", DateDeces: "2026-09-01" };

test("a public memorial's address, in the creation response and in Infos, leads to its page", async () => {
  const op = await makeIsolatedOperator();
  const created = await api("POST", "/Memorials/Creer", { key: op.key, body: { Defunt: defunt } });
  expect(created.status).toBe(200);
  const id = created.json.IdMemorial;
  expect(created.json.UrlMemorial).toBe(`${baseUrl()}/memorial/${id}`);
  const infos = await api("GET", `/Memorial/${id}/Infos`, { key: op.key });
  expect(infos.json.UrlMemorial).toBe(created.json.UrlMemorial);
  // Another operator reads the same address; the page answers.
  const newspaper = await makeIsolatedOperator();
  expect((await api("GET", `/${newspaper.key}/Memorial/${id}/Infos`)).json.UrlMemorial).toBe(
    created.json.UrlMemorial,
  );
  expect((await fetch(created.json.UrlMemorial)).status).toBe(200);
  // A tree planted into it answers the same address.
  const again = await api("POST", "/Memorials/Creer", { key: newspaper.key, body: { MemorialId: id } });
  expect(again.json.UrlMemorial).toBe(created.json.UrlMemorial);
});

test("null while the memorial awaits its family's confirmation, the address once confirmed", async () => {
  const op = await makeIsolatedOperator();
  const email = uniqueEmail("url");
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: defunt, AConfirmer: true, Famille: { FamilleEmail: email } },
  });
  expect(created.json.UrlMemorial).toBeNull();
  const id = created.json.IdMemorial;
  expect((await api("GET", `/Memorial/${id}/Infos`, { key: op.key })).json.UrlMemorial).toBeNull();
  const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(await waitForMail(mailDir(), email)))?.[1];
  expect(await confirmAsFamily(token!, id)).toMatchObject({ outcome: "confirmed" });
  expect((await api("GET", `/Memorial/${id}/Infos`, { key: op.key })).json.UrlMemorial).toBe(
    `${baseUrl()}/memorial/${id}`,
  );
});

test("null for a test key's memorial, which is never public", async () => {
  const op = await makeIsolatedOperator();
  const created = await api("POST", "/Memorials/Creer", { key: op.testKey, body: { Defunt: defunt } });
  expect(created.status).toBe(200);
  expect(created.json.UrlMemorial).toBeNull();
  const infos = await api("GET", `/Memorial/${created.json.IdMemorial}/Infos`, { key: op.testKey });
  expect(infos.json.UrlMemorial).toBeNull();
});

test("the address follows the Host the request came to when APP_URL is unset", async () => {
  const op = await makeIsolatedOperator();
  const { port } = new URL(baseUrl());
  // fetch() always sends the URL's host: node:http lets the test name another one.
  const body = JSON.stringify({ Defunt: defunt });
  const answer = await new Promise<{ IdMemorial: number; UrlMemorial: string }>((resolve, reject) => {
    const request = http.request(
      `${baseUrl()}/v1/Memorials/Creer`,
      {
        method: "POST",
        headers: { host: `trees.example.org:${port}`, key: op.key, "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve(JSON.parse(text)));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
  expect(answer.UrlMemorial).toBe(`http://trees.example.org:${port}/memorial/${answer.IdMemorial}`);
});
