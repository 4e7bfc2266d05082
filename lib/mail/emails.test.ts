// Every e-mail the service sends, written with the one kit (lib/mail/kit): a hostile value in any of
// its fields is escaped in the HTML part and verbatim in the text part, and every HTML part is the
// one Layout's.

import { guestbookDigestEmail } from "@memorial/lib/guestbook/digest-email";
import { LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { closingEmail } from "@memorial/lib/mail/closing-email";
import { confirmationEmail, manageEmail } from "@memorial/lib/mail/confirmation-email";
import type { FamilyLetter } from "@memorial/lib/mail/family-letter";
import { inGroundEmail } from "@memorial/lib/mail/in-ground-email";
import { Paragraph } from "@memorial/lib/mail/kit/blocks";
import { LAYOUT_ID, Layout } from "@memorial/lib/mail/kit/layout";
import { type RenderedEmail, renderEmail } from "@memorial/lib/mail/kit/render";
import { SUBJECT_MAX } from "@memorial/lib/mail/kit/text";
import {
  reminderEmail,
  confirmationEmail as subscriptionEmail,
} from "@memorial/lib/reminders/reminder-emails";
import { invitationEmail, passwordResetEmail } from "@memorial/lib/users/team-email";
import { receiptEmail } from "@memorial/lib/visitors/receipt-email";
import { createElement } from "react";
import { describe, expect, it } from "vitest";

/** A value no e-mail may let through as markup: a script, an attribute breaking out, an ampersand. */
const hostile = (field: string) => `<script>alert("${field}")</script> "onmouseover=${field}' & ${field}`;
/** A link as hostile as a link can be while staying one. */
const hostileLink = (field: string) => `https://trees.example/${field}?a=1&b="onmouseover=<script>'`;

/** React's escaping of text and attribute values. */
const escaped = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

const letter = (language: Language): FamilyLetter => ({
  language,
  title: hostile("title"),
  deceasedName: hostile("deceasedName"),
  familyName: hostile("familyName"),
  requester: hostile("requester"),
});

type Case = {
  name: string;
  fields: string[];
  links: string[];
  build: (l: Language) => Promise<RenderedEmail>;
};

const LETTER_FIELDS = ["title", "deceasedName", "familyName", "requester"];

const CASES: Case[] = [
  {
    name: "family: confirmation",
    fields: LETTER_FIELDS,
    links: ["link", "manageLink"],
    build: (l) =>
      confirmationEmail({
        ...letter(l),
        link: hostileLink("link"),
        manageLink: hostileLink("manageLink"),
        days: 14,
      }),
  },
  {
    name: "family: management link",
    fields: LETTER_FIELDS,
    links: ["link"],
    build: (l) => manageEmail({ ...letter(l), link: hostileLink("link"), days: 365 }),
  },
  {
    name: "family: closing summary",
    fields: ["title", "familyName", "requester", "co2"],
    links: ["url"],
    build: (l) =>
      closingEmail({ ...letter(l), url: hostileLink("url"), trees: 3, planters: 2, co2: hostile("co2") }),
  },
  {
    name: "family: trees in the ground",
    fields: ["title", "familyName", "requester", "species", "site", "country", "team"],
    links: ["photoUrl", "pageUrl"],
    build: (l) =>
      inGroundEmail({
        ...letter(l),
        on: "2026-11-10",
        trees: [
          { quantity: 2, species: hostile("species"), site: hostile("site"), country: hostile("country") },
        ],
        plantedBy: [hostile("team")],
        photoUrl: hostileLink("photoUrl"),
        pageUrl: hostileLink("pageUrl"),
      }),
  },
  {
    name: "family: guestbook digest",
    fields: ["title", "familyName", "requester", "authorName", "message"],
    links: [],
    build: (l) =>
      guestbookDigestEmail({
        ...letter(l),
        entries: [{ authorName: hostile("authorName"), message: hostile("message") }],
      }),
  },
  {
    name: "visitor: subscription",
    fields: ["title"],
    links: ["confirmLink", "myRemindersLink"],
    build: (l) =>
      subscriptionEmail({
        language: l,
        title: hostile("title"),
        confirmLink: hostileLink("confirmLink"),
        myRemindersLink: hostileLink("myRemindersLink"),
        deathAnniversary: true,
        birthday: true,
      }),
  },
  {
    name: "visitor: reminder",
    fields: ["title", "requester"],
    links: ["memorialLink", "unsubscribeLink", "myRemindersLink"],
    build: (l) =>
      reminderEmail({
        language: l,
        kind: "death_anniversary",
        title: hostile("title"),
        years: 3,
        trees: { in_ground: 1, ordered: 2 },
        requester: hostile("requester"),
        memorialLink: hostileLink("memorialLink"),
        unsubscribeLink: hostileLink("unsubscribeLink"),
        myRemindersLink: hostileLink("myRemindersLink"),
        visitorPlanting: null,
      }),
  },
  {
    name: "visitor: reminder where visitors plant",
    fields: ["title", "requester"],
    links: ["formLink", "unsubscribeLink", "myRemindersLink"],
    build: (l) =>
      reminderEmail({
        language: l,
        kind: "birthday",
        title: hostile("title"),
        years: 3,
        trees: {},
        requester: hostile("requester"),
        memorialLink: "https://trees.example.org/memorial/1",
        unsubscribeLink: hostileLink("unsubscribeLink"),
        myRemindersLink: hostileLink("myRemindersLink"),
        visitorPlanting: { formLink: hostileLink("formLink"), payment: true },
      }),
  },
  {
    name: "visitor: planting receipt",
    fields: ["planter", "title", "requester", "species", "site", "country", "amount"],
    links: ["pageUrl", "certificateUrl", "myRemindersUrl"],
    build: (l) =>
      receiptEmail({
        language: l,
        planter: hostile("planter"),
        title: hostile("title"),
        requester: hostile("requester"),
        species: hostile("species"),
        site: hostile("site"),
        country: hostile("country"),
        waited: false,
        amount: hostile("amount"),
        pending: true,
        pageUrl: hostileLink("pageUrl"),
        certificateUrl: hostileLink("certificateUrl"),
        myRemindersUrl: hostileLink("myRemindersUrl"),
      }),
  },
  {
    name: "team: invitation",
    fields: ["operatorName", "inviter"],
    links: ["link"],
    build: (l) =>
      invitationEmail({
        language: l,
        operatorName: hostile("operatorName"),
        inviter: hostile("inviter"),
        role: "staff",
        link: hostileLink("link"),
        days: 7,
      }),
  },
  {
    name: "team: password reset",
    fields: ["operatorName"],
    links: ["link"],
    build: (l) =>
      passwordResetEmail({
        language: l,
        operatorName: hostile("operatorName"),
        link: hostileLink("link"),
        minutes: 30,
      }),
  },
];

describe.each(CASES)("the e-mail $name", ({ fields, links, build }) => {
  it.each(LANGUAGES)("in %s: escapes every value in HTML, keeps it verbatim in text", async (language) => {
    const mail = await build(language);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain('"onmouseover');
    expect(mail.html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#x27;|#\d+;)/);
    for (const field of fields) {
      // In the text, or (the confirmation's title) only in the subject, which the Layout also shows.
      expect(`${mail.subject}\n${mail.text}`, field).toContain(hostile(field));
      expect(mail.html, field).toContain(escaped(hostile(field)));
    }
    for (const field of links) {
      expect(mail.text, field).toContain(`: ${hostileLink(field)}`);
      expect(mail.html, field).toContain(`="${escaped(hostileLink(field))}"`);
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it.each(LANGUAGES)(
    "in %s: is the one Layout's HTML, and its text part reads as plain text",
    async (language) => {
      const mail = await build(language);
      expect(mail.html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="[a-z]{2}"><head>/);
      expect(mail.html).toContain(`<html dir="ltr" lang="${language}">`);
      expect(mail.html.split(`id="${LAYOUT_ID}"`)).toHaveLength(2);
      expect(mail.html).toContain(`<title>${escaped(mail.subject)}</title>`);
      expect(mail.text).not.toMatch(/&amp;|&lt;|&quot;|<\/?(p|a|br|li)\b/);
      expect(mail.text.endsWith("\n")).toBe(true);
      expect(mail.text).not.toMatch(/\n{3}/);
    },
  );
});

describe("the kit", () => {
  it("renders only an e-mail whose root is the Layout", async () => {
    await expect(renderEmail(createElement(Paragraph, null, "alone"))).rejects.toThrow(/Layout/);
  });

  it("refuses markup written beside its blocks", async () => {
    const raw = createElement(Layout, { language: "en", subject: "s" }, createElement("p", null, "x"));
    await expect(renderEmail(raw)).rejects.toThrow(/blocks of lib\/mail\/kit/);
  });

  it("keeps a subject on one line, cut to the outbox's column", async () => {
    const mail = await renderEmail(
      createElement(
        Layout,
        { language: "en", subject: `Bcc: x@y.z\r\n${"é".repeat(500)}` },
        createElement(Paragraph, null, "body"),
      ),
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(Array.from(mail.subject)).toHaveLength(SUBJECT_MAX);
    expect(mail.text).toBe("body\n");
  });
});
