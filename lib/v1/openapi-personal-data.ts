// The data-subject paths of the OpenAPI document (lib/v1/endpoints/personal-data.ts)
// and their prose (lib/v1/reference/donnees-personnelles.md).
import { z } from "zod";
import { jsonBody, operation } from "./openapi-responses";
import { prose } from "./reference";
import { ZDonneesEffacees, ZDonneesPersonnelles, ZDonneesPersonnellesEffacer } from "./schemas/personal-data";

const RULES = prose("donnees-personnelles");

export function personalDataPaths() {
  return {
    "/DonneesPersonnelles": {
      get: operation(
        "PersonalData",
        "findPersonalData",
        "What the caller's memorials hold about a person (extension)",
        RULES,
        { description: "Each place the person is held, with its rows.", schema: ZDonneesPersonnelles },
        {
          requestParams: {
            query: z.object({
              Email: z.string().meta({ description: "The person's e-mail address (required)." }),
              Nom: z.string().optional().meta({ description: "A name the person is known by." }),
            }),
          },
        },
      ),
    },
    "/DonneesPersonnelles/Effacer": {
      post: operation(
        "PersonalData",
        "erasePersonalData",
        "Erase a person from the caller's memorials (extension)",
        RULES,
        { description: "What changed.", schema: ZDonneesEffacees },
        {
          requestBody: jsonBody(ZDonneesPersonnellesEffacer, {
            Email: "anne@example.org",
            Nom: "Anne Dupont",
          }),
        },
      ),
    },
  };
}
