// One way to write a page (docs/architecture.md "One way to write an e-mail, one way
// to write a page"): outside React, HTML is written only with the `html` tagged template of
// lib/html.ts, which escapes every value by construction, and e-mails only with the kit
// (lib/mail/kit). This test reads every TypeScript file of the application (not React's .tsx, where
// React escapes) and fails on HTML built any other way: a template literal or a concatenation
// that puts a value into markup, a SafeHtml made of anything but a constant, a hand call of
// escapeHtml.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const root = path.join(__dirname, "..");
const FOLDERS = ["lib", "web", "app", "components", "cli"];
/** Markup: an opening or closing tag, a doctype or a comment. */
const MARKUP = /<(\/?[a-zA-Z][a-zA-Z0-9-]*[\s>/]|!)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The ways `file` writes HTML other than through `html`. */
function htmlBuiltByHand(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const staticText = (node: ts.Node): string =>
    ts.isTemplateExpression(node)
      ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("")
      : ts.isStringLiteralLike(node)
        ? node.text
        : "";
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node) && MARKUP.test(staticText(node))) {
      const parent = node.parent;
      const tagged = ts.isTaggedTemplateExpression(parent) && parent.tag.getText() === "html";
      if (!tagged) found.push(`${where(node)}: a value put into markup by a template literal`);
    }
    const concatenation = (n: ts.Node): n is ts.BinaryExpression =>
      ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken;
    const operands = (n: ts.Node): ts.Node[] =>
      concatenation(n) ? [n.left, n.right].flatMap(operands) : [n];
    // A chain a + b + c is reported once, from its outermost +.
    if (
      concatenation(node) &&
      !concatenation(node.parent) &&
      operands(node).some((side) => MARKUP.test(staticText(side)))
    ) {
      found.push(`${where(node)}: markup built by concatenation`);
    }
    if (ts.isNewExpression(node) && node.expression.getText() === "SafeHtml") {
      const [argument] = node.arguments ?? [];
      if (!argument || (!ts.isNoSubstitutionTemplateLiteral(argument) && !ts.isStringLiteral(argument))) {
        found.push(`${where(node)}: SafeHtml made of something other than a constant`);
      }
    }
    if (ts.isIdentifier(node) && node.text === "escapeHtml") {
      found.push(`${where(node)}: escapeHtml called by hand`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("finds HTML built by hand where it is", () => {
  // Source text: "@{" stands for a template literal's placeholder.
  const probe = [
    "const a = `<p>@{name}</p>`;",
    'const b = "<p>" + name + "</p>";',
    "const c = new SafeHtml(name);",
    "const d = `<p>@{escapeHtml(name)}</p>`;",
    "const e = html`<p>@{name}</p>`;",
    "const f = new SafeHtml(`<style>p{}</style>`);",
    "const g = `List-Unsubscribe: <@{link}>`;",
  ]
    .join("\n")
    .replaceAll("@{", "${");
  expect(htmlBuiltByHand(path.join(root, "probe.ts"), probe)).toEqual([
    "probe.ts:1: a value put into markup by a template literal",
    "probe.ts:2: markup built by concatenation",
    "probe.ts:3: SafeHtml made of something other than a constant",
    "probe.ts:4: a value put into markup by a template literal",
    "probe.ts:4: escapeHtml called by hand",
  ]);
});

it("leaves HTML outside React to the html tagged template, and e-mails to the kit", () => {
  const found = FOLDERS.flatMap((folder) => sources(path.join(root, folder)))
    .filter((file) => path.relative(root, file) !== path.join("lib", "html.ts"))
    .flatMap((file) => htmlBuiltByHand(file, readFileSync(file, "utf8")));
  expect(found).toEqual([]);
});
