// Plantings of new memorials for run.sh, through autocannon's API. MODE says who died:
// - spread (the default): each request names another deceased, as partners' requests do: request n
//   names one of 60 × 80 given and family names, dead on one of 365 days, so a few creations at
//   once share a day, as they would in a real network of funeral homes;
// - same-day: another person in each request, all dead on the same day (a partner importing a
//   day's death notices at once), a day of each target's own;
// - look-alike: the same person again and again, "Jeanne Sosie" dead on 2026-05-20 (run.sh first
//   gives the operator 10,000 memorials of her): each new memorial is a possible duplicate of all.
// One body sent again and again (autocannon's -b) would be the look-alike case for every target.
//   AUTOCANNON=/path/to/autocannon node creer-load.mjs URL KEY CONNECTIONS SECONDS [MODE]
// Prints autocannon's result as JSON, as `autocannon -j` does.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const autocannon = require(process.env.AUTOCANNON);
const [url, key, connections, seconds, mode = "spread"] = process.argv.slice(2);

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

/** Another name for each n, as long as there are names; one death date per mode. */
function deceased(i) {
  if (mode === "look-alike") return { Nom: "Sosie", Prenom: "Jeanne", DateDeces: "2026-05-20T00:00:00.000Z" };
  const name = { Nom: LAST[Math.floor(i / FIRST.length) % LAST.length], Prenom: FIRST[i % FIRST.length] };
  // A day of each target's own (by its port), three days from another target's, so that one
  // target's people are not the next one's look-alikes (the detection looks a day around).
  if (mode === "same-day")
    return { ...name, DateDeces: `2026-06-${10 + (new URL(url).port % 5) * 3}T00:00:00.000Z` };
  return { ...name, DateDeces: new Date(today - ((i * 7919) % 365) * DAY).toISOString() };
}

function body() {
  const i = n++;
  return JSON.stringify({
    Defunt: deceased(i),
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
