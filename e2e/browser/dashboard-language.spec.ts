// The dashboard speaks the user's language on every main screen: no English sentence of the
// dashboard's own catalogue, no API path, no internal kind name; plurals follow the language.

import { actingAs } from "@memorial/lib/audit/actor";
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { messagesIn, translator } from "@memorial/lib/i18n/translate";
import { createContext } from "@memorial/lib/operators/contexts";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";
import { createMemorialByApi, makeUser, signIn } from "./dashboard-support";

const JARGON =
  /\b(PUT|POST|GET) \/|\/v1\/|Personne\/|GroupeEpf|EpfAgence|GroupePresse|TitreEdition|\bEpf\b|Contexte|Defunt|\bundefined\b|\bnull\b/;

/** Fragments (8+ characters) of the English catalogue's sentences that the language translates. */
function englishFragments(lang: Language): string[] {
  const en = messagesIn("en", "dashboard");
  const own = messagesIn(lang, "dashboard");
  const fragments = new Set<string>();
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    if (en[key] === own[key]) continue;
    // The literal text around the placeholders and the ICU selects, however deeply nested (a
    // select's option keys are identifiers, not words).
    let literal = en[key];
    for (let inner = ""; inner !== literal; ) {
      inner = literal;
      literal = literal.replace(/\{[^{}]*\}/g, "\u0000");
    }
    for (const part of literal.split("\u0000")) {
      const text = part.trim();
      if (text.length >= 8) fragments.add(text);
    }
  }
  return [...fragments];
}

async function expectOwnLanguage(page: Page, lang: Language) {
  await expect(page.locator("main")).not.toContainText(translator(lang, "dashboard")("loading"));
  // The audit log names each changed field as the data names it (`deathDate`, in a <code>): an
  // identifier, like a number, not words; everything around it is in the language.
  await page.evaluate(() => {
    for (const code of document.querySelectorAll<HTMLElement>("code[data-field]"))
      code.style.display = "none";
  });
  // The text a user sees (innerText: without scripts and with hidden parts left out).
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what matters here
  const text = `${await page.title()}\n${await page.locator("body").innerText()}`;
  // The tab's title too: the page's name and the dashboard's, in the language.
  expect(await page.title()).toContain(translator(lang, "dashboard")("appName"));
  expect(text).not.toMatch(JARGON);
  for (const fragment of englishFragments(lang)) expect(text, fragment).not.toContain(fragment);
}

for (const lang of ["fr", "de"] as const) {
  test(`every main screen speaks ${lang} without jargon, plurals included`, async ({ page }) => {
    const t = translator(lang, "dashboard");
    const operator = await makeIsolatedOperator({ language: lang });
    // Names of their own, from their creation (the audit log shows the name they were created
    // with): the factories' names carry the kind's internal name.
    const named = (kind: "GroupeEpf" | "Epf", name: string) =>
      actingAs(TEST_FIXTURE, () =>
        createContext({ operatorId: operator.operatorId, kind, name: `${name} ${unique("c")}` }),
      );
    const group = await named("GroupeEpf", `Groupe Lemaire ${lang}`);
    const epf = await named("Epf", `Lemaire Namur ${lang}`);
    const memorial = await createMemorialByApi(operator.key, {
      Contexte: { ContexteEpfId: epf.id },
      Defunt: { Nom: "Peeters", Prenom: "Anna" },
      Famille: { FamilleEmail: "famille@example.org", Langue: "nl" },
    });
    const user = await makeUser(operator.operatorId);
    await signIn(page, user, lang, "/dashboard/plant");
    const contexts = page.getByLabel(t("context"));
    await expect(
      contexts.locator("option", { hasText: `${t("kind_GroupeEpf")} · ${group.name}` }),
    ).toHaveCount(1);
    await expect(contexts.locator("option", { hasText: `${t("kind_Epf")} · ${epf.name}` })).toHaveCount(1);
    await expectOwnLanguage(page, lang);

    await page.goto(`${baseUrl()}/dashboard/memorials`);
    await expect(page.getByRole("link", { name: /Peeters/ })).toBeVisible();
    await expectOwnLanguage(page, lang);

    await page.goto(`${baseUrl()}/dashboard/memorials/${memorial.IdMemorial}`);
    await expect(page.getByText(t("personHint"))).toBeVisible();
    await expect(page.getByText("famille@example.org · Nederlands")).toBeVisible(); // in words
    await expectOwnLanguage(page, lang);

    await page.goto(`${baseUrl()}/dashboard/reports`);
    await expect(page.getByTestId("total-trees")).toHaveText("1");
    // One line: the singular form.
    await expect(page.getByText(lang === "fr" ? "1 ligne" : "1 Zeile", { exact: true })).toBeVisible();
    await expectOwnLanguage(page, lang);

    for (const path of ["transactions", "keys", "account"]) {
      await page.goto(`${baseUrl()}/dashboard/${path}`);
      await expect(page.locator("h1")).toBeVisible();
      await expectOwnLanguage(page, lang);
    }

    // The audit log, a row of each kind of actor in words.
    const operatorId = operator.operatorId;
    const target = { type: "memorial" as const, id: memorial.IdMemorial };
    for (const actor of [
      { kind: "user", id: user.id, operatorId },
      { kind: "key", id: 1, name: "ERP", operatorId },
      { kind: "family", memorialId: memorial.IdMemorial },
      { kind: "visitor" },
      { kind: "cli", account: "root" },
      { kind: "system", name: "job family-erasure" },
    ] as const) {
      await actingAs(actor, () =>
        transaction((tx) =>
          recordChange(tx, {
            kind: "memorial.hidden",
            target,
            memorialId: memorial.IdMemorial,
            operatorId,
            before: { hidden: false, title: "Anna" },
            after: { hidden: true, title: "A." },
            event: null,
          }),
        ),
      );
    }
    await page.goto(`${baseUrl()}/dashboard/audit`);
    await expect(page.getByTestId("audit-rows")).toBeVisible();
    await expectOwnLanguage(page, lang);
  });
}
