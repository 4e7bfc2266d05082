// Through HTTP: the family's management page shows what was done to its memorial, from
// the audit log, newest first, in the page's language, who acted in the family's words: its
// funeral home (never a team member's address nor a key's name), "you" for its own link, a visitor,
// the service. Another memorial's rows are not there.
import { actingAs } from "@memorial/lib/audit/actor";
import type { ChangeKind } from "@memorial/lib/changes/kinds";
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeContext, makeIsolatedOperator } from "../support/factories";

type Who = Parameters<typeof actingAs>[0];

/** A row of the audit log as the recorder writes it, with no event (the rows are what is read). */
async function audit(actor: Who, entry: { kind: ChangeKind } & Record<string, unknown>) {
  const change = { ...entry, event: null } as Parameters<typeof recordChange>[1];
  await actingAs(actor, () => transaction((tx) => recordChange(tx, change)));
}

async function memorialOf(key: string, contextId: number) {
  const made = await api("POST", "/Memorials/Creer", {
    key,
    body: {
      DeLaPartDe: "La famille",
      Contexte: { ContexteEpfId: contextId },
      Defunt: { Nom: "Claes", Prenom: "Marie", DateDeces: "2026-10-30T00:00:00" },
      Famille: { FamilleEmail: "claes@example.org", Langue: "fr" },
    },
  });
  expect(made.status, made.text).toBe(200);
  return made.json.IdMemorial as number;
}

test("the management page lists what was done to the memorial, newest first, who acted in the family's words", async () => {
  const op = await makeIsolatedOperator();
  const home = await makeContext(op.operatorId, "Epf");
  const id = await memorialOf(op.key, home.id);
  const other = await memorialOf(op.key, home.id);
  const operatorId = op.operatorId;
  const user = await db.operatorUser.create({
    data: { operatorId, email: `audit-${id}@example.org`, passwordHash: "x", role: "staff" },
  });
  const on = (memorialId: number) => ({
    target: { type: "memorial" as const, id: memorialId },
    memorialId,
    operatorId,
  });
  await audit(
    { kind: "key", id: 1, name: "ERP Lemaire", operatorId },
    { ...on(id), kind: "person.modified" },
  );
  await audit({ kind: "user", id: user.id, operatorId }, { ...on(id), kind: "memorial.hidden" });
  await audit({ kind: "family", memorialId: id }, { ...on(id), kind: "memorial.taken_down" });
  await audit({ kind: "visitor" }, { ...on(id), kind: "guestbook.posted" });
  await audit(
    { kind: "system", name: "job family-erasure" },
    { ...on(id), kind: "memorial.erasure_requested" },
  );
  await audit({ kind: "cli", account: "root" }, { ...on(other), kind: "memorial.hidden" });
  const token = await transaction(async (tx) => (await issueManageToken(tx, id)).token);

  const response = await fetch(`${baseUrl()}/manage/${token}?lang=fr`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const section = html.slice(html.indexOf('data-testid="manage-audit"'));
  expect(section).toContain("Ce qui a été fait à votre mémorial");
  const rows = [
    ...section.matchAll(
      /data-testid="manage-audit-row" data-action="([a-z_.]+)" data-by="(\w+)">([\s\S]*?)<\/li>/g,
    ),
  ];
  // Newest first; the API's own rows of the memorial (its creation) may come after these.
  const ours = rows.map((row) => [row[1], row[2]]).slice(0, 5);
  expect(ours).toEqual([
    ["memorial.erasure_requested", "service"],
    ["guestbook.posted", "visitor"],
    ["memorial.taken_down", "you"],
    ["memorial.hidden", "home"],
    ["person.modified", "home"],
  ]);
  const text = (i: number) => rows[i][3].replace(/\s+/g, " ");
  expect(text(0)).toContain("Effacement demandé · par le service");
  expect(text(1)).toContain("Message laissé au livre d’or · par un visiteur");
  expect(text(2)).toContain("Mémorial retiré · par vous");
  expect(text(3)).toContain(`Mémorial masqué · par ${home.name}`);
  expect(text(4)).toContain(`Personne modifiée · par ${home.name}`);
  // No team member's address, no key's name, nothing of the other memorial.
  expect(section).not.toContain(user.email);
  expect(section).not.toContain("ERP Lemaire");
  expect(rows.length).toBe(await db.auditLog.count({ where: { memorialId: id } }));

  // In the page's language.
  const nl = await (await fetch(`${baseUrl()}/manage/${token}?lang=nl`)).text();
  expect(nl).toContain("Wat er met uw gedenkpagina gebeurde");
  expect(nl.replace(/\s+/g, " ")).toContain("Gedenkpagina offline gehaald · door u");
});
