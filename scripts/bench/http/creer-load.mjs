// Plantings of new memorials for run.sh, through autocannon's API: each request names another
// deceased, as partners' requests do. One body sent again and again (autocannon's -b) would be the
// same person dying on the same day thousands of times: each new memorial would be a possible
// duplicate of all the earlier ones (lib/memorials/duplicates.ts records every pair, a growing
// INSERT), and all would wait for the same locks of the duplicate detection, which serialise the
// creations of one operator whose deaths are a day apart. Here request n names one of 60 × 80
// given and family names, dead on one of 365 days: a few creations at once share a day, as they
// would in a real network of funeral homes.
//   AUTOCANNON=/path/to/autocannon node creer-load.mjs URL KEY CONNECTIONS SECONDS
// Prints autocannon's result as JSON, as `autocannon -j` does.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const autocannon = require(process.env.AUTOCANNON);
const [url, key, connections, seconds] = process.argv.slice(2);

const FIRST =
  "Marie Jean Anne Pierre Louise Michel Jeanne André Françoise Philippe Monique Jacques Catherine Bernard Nicole Alain Isabelle Daniel Sylvie Claude Martine Patrick Christine Robert Nathalie Gérard Sophie Christian Chantal Henri Brigitte Paul Hélène René Danielle Roger Colette Marcel Odette Georges Simone Lucien Yvonne Maurice Madeleine Raymond Suzanne Roland Denise Guy Josette Serge Huguette Gilbert Paulette Yves Ginette Émile Lucienne Léon".split(
    " ",
  );
const LAST =
  "Martin Bernard Thomas Petit Robert Richard Durand Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure André Mercier Blanc Guérin Boyer Garnier Chevalier François Legrand Gauthier Garcia Perrin Robin Clément Morin Nicolas Henry Roussel Mathieu Gautier Masson Marchand Duval Denis Dumont Marie Lemaire Noël Meyer Dufour Meunier Brun Blanchard Giraud Joly Rivière Lucas Brunet Gaillard Barbier Arnaud Martinez Gérard Roche Renard Schmitt Roy Leroux Colin Vidal Caron".split(
    " ",
  );
const DAY = 86_400_000;
const today = Date.UTC(2026, 10, 1);
let n = 0;

function body() {
  const i = n++;
  return JSON.stringify({
    Defunt: {
      Nom: LAST[Math.floor(i / FIRST.length) % LAST.length],
      Prenom: FIRST[i % FIRST.length],
      DateDeces: new Date(today - ((i * 7919) % 365) * DAY).toISOString(),
    },
    DeLaPartDe: "Famille",
    Langue: "fr",
  });
}

autocannon(
  {
    url,
    connections: Number(connections),
    duration: Number(seconds),
    method: "POST",
    headers: { key, "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    console.log(JSON.stringify(result));
  },
);
