// Extension: the v1 wire objects of a data subject's request answered by a partner
// (lib/privacy/subject-*.ts): GET /v1/DonneesPersonnelles (where the address is held, with the
// rows) and POST /v1/DonneesPersonnelles/Effacer (their erasure), with the API's French names.
import { z } from "zod";
import { envelope, uint } from "./responses-common";

const noNul = (value: string) => !value.includes("\u0000");
const NUL_MESSAGE = "must not contain the NUL character";

const email = z
  .string()
  .max(254, "must be at most 254 characters")
  .refine(noNul, NUL_MESSAGE)
  .meta({ description: "The person's e-mail address, compared exactly (case aside)." });
const name = z.string().max(200, "must be at most 200 characters").refine(noNul, NUL_MESSAGE).nullish().meta({
  description:
    "A name the person is known by (a planter's, a guestbook author's, the family's), compared exactly (case and surrounding spaces aside); absent: the address alone.",
});

export const ZDonneesPersonnellesEffacer = z
  .strictObject({ Email: email, Nom: name })
  .meta({ id: "DonneesPersonnellesEffacer" });

const ZEffacement = z.enum(["suppression", "anonymisation"]).meta({
  id: "Effacement",
  description:
    "What an erasure does to the rows: `suppression`, they go (a subscription, an e-mail not sent); `anonymisation`, the fields named are anonymised and the row stays (a tree, a payment).",
});

const place = {
  Source: z.string().meta({
    description: "Where: `table.column`, or how the rows are linked (`tree (a visitor's words)`).",
  }),
  Table: z.string().meta({ description: "The table." }),
  Champs: z.array(z.string()).meta({ description: "The columns that hold the person's data." }),
  Effacement: ZEffacement,
};

export const ZDonneesPersonnelles = z
  .strictObject({
    ...envelope("donneesPersonnelles"),
    Email: z.string().meta({ description: "The address searched, in lower case." }),
    Nom: z.string().nullable().meta({ description: "The name searched, or null." }),
    NombreTotal: uint().meta({ description: "Rows found in all." }),
    Tables: z
      .array(
        z.strictObject({
          ...place,
          Lignes: z.array(z.record(z.string(), z.unknown())).meta({
            description:
              "The rows: their id, what they are (memorial, dates, state) and the columns of `Champs`, under the database's column names.",
          }),
        }),
      )
      .meta({ description: "Each place the person is held, with its rows; empty when nowhere." }),
  })
  .meta({ id: "DonneesPersonnelles" });

export const ZDonneesEffacees = z
  .strictObject({
    ...envelope("donneesEffacees"),
    Sujet: z.string().meta({
      description:
        "The SHA-256 of the address (hex): how the audit log names this person, never by the address.",
    }),
    NombreTotal: uint().meta({ description: "Rows changed or deleted in all (0: nothing was held)." }),
    Changements: z
      .array(z.strictObject({ ...place, Lignes: uint().meta({ description: "Rows changed or deleted." }) }))
      .meta({ description: "What changed, per place." }),
  })
  .meta({ id: "DonneesEffacees" });
