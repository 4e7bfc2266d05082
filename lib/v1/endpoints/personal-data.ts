// Extension: a data subject's request received by a partner about memorials it
// created. GET /v1/DonneesPersonnelles?Email=…[&Nom=…] answers where the person is held with the
// rows (a copy: subject.exported in the audit log); POST /v1/DonneesPersonnelles/Effacer erases
// them and answers what changed (lib/privacy/subject-*.ts). The key's operator's memorials only,
// never its team (users, invitations: the dashboard's) nor another operator's.
import { eraseSubject } from "@memorial/lib/privacy/subject-erase";
import { exportSubject } from "@memorial/lib/privacy/subject-export";
import type { SubjectQuery } from "@memorial/lib/privacy/subject-find";
import { isTestEnvironment } from "@memorial/lib/scope";
import { envelope, type V1Request } from "@memorial/lib/v1/handler";
import { ZDonneesPersonnellesEffacer } from "@memorial/lib/v1/schemas/personal-data";
import { parseWire } from "@memorial/lib/v1/schemas/wire-object";

const EFFACEMENT = { delete: "suppression", anonymise: "anonymisation" } as const;

/** A source as the wire names it, with its rows (the export) or how many changed (the erasure). */
function wireSource<Rows>(source: {
  source: string;
  table: string;
  fields: string[];
  erasure: keyof typeof EFFACEMENT;
  rows: Rows;
}) {
  return {
    Source: source.source,
    Table: source.table,
    Champs: source.fields,
    Effacement: EFFACEMENT[source.erasure],
    Lignes: source.rows,
  };
}

function query(req: V1Request, email: string, name: string | null | undefined): SubjectQuery {
  return {
    email,
    name: name ?? null,
    scope: {
      kind: "operator",
      operatorId: req.caller.operatorId,
      team: false,
      isTest: isTestEnvironment(req.caller.environment),
    },
  };
}

/** GET /v1/DonneesPersonnelles?Email=…[&Nom=…] */
export async function donneesPersonnelles(req: V1Request) {
  const copy = await exportSubject(query(req, req.search.get("Email") ?? "", req.search.get("Nom")));
  return {
    ...envelope(req, "donneesPersonnelles"),
    Email: copy.email,
    Nom: copy.name,
    NombreTotal: copy.tables.reduce((n, t) => n + t.rows.length, 0),
    Tables: copy.tables.map(wireSource),
  };
}

/** POST /v1/DonneesPersonnelles/Effacer */
export async function donneesPersonnellesEffacer(req: V1Request) {
  const input = parseWire(ZDonneesPersonnellesEffacer, req.body);
  const report = await eraseSubject(query(req, input.Email, input.Nom));
  return {
    ...envelope(req, "donneesEffacees"),
    Sujet: report.subject,
    NombreTotal: report.total,
    Changements: report.changes.map(wireSource),
  };
}
