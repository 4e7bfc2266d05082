import { describe, expect, it } from "vitest";
import { formatMessage } from "./format-message";

describe("formatMessage", () => {
  it("elides French 'de' before a name that starts with a vowel, accented or not", () => {
    const message = "Votre arbre en mémoire de {title}";
    expect(formatMessage("fr", message, { title: "Émile Durand" })).toBe(
      "Votre arbre en mémoire d'Émile Durand",
    );
    expect(formatMessage("fr", message, { title: "Emile Durand" })).toBe(
      "Votre arbre en mémoire d'Emile Durand",
    );
    expect(formatMessage("fr", message, { title: "Hélène Roy" })).toBe("Votre arbre en mémoire d'Hélène Roy");
    expect(formatMessage("fr", message, { title: "Marie Dupont" })).toBe(
      "Votre arbre en mémoire de Marie Dupont",
    );
    // Not before an e-mail address, nor a literal "de" before text, nor in another language.
    expect(formatMessage("fr", "Rôle de {email}", { email: "anne@example.org" })).toBe(
      "Rôle de anne@example.org",
    );
    expect(formatMessage("fr", "de {n} à {m}", { n: 8, m: 9 })).toBe("de 8 à 9");
    expect(formatMessage("en", "in memory of {title}", { title: "Émile" })).toBe("in memory of Émile");
  });
});
