// POST /memorial/{id}/guestbook: a visitor's message, from the guestbook form of the memorial page
// (lib/guestbook/post-entry.ts). Works without JavaScript: on success 303 back to the
// page with its status (Post/Redirect/Get); refused, nothing is written and a page says why, in
// the visitor's language: 400 (limits, control characters, links, honeypot, a closed guestbook,
// an incomplete form, a malformed e-mail address), 403 (not from this site), 404 (no such public
// memorial), 413, 429 (too many). An author who leaves an e-mail address (optional) is sent
// the link that withdraws their message (lib/guestbook/withdraw-entry.ts); the address is not kept
// with the message.

import { requestClient } from "@memorial/lib/auth/client-address";
import { postGuestbookEntry } from "@memorial/lib/guestbook/post-entry";
import { type GuestbookReason, HONEYPOT_FIELD } from "@memorial/lib/guestbook/rules";
import { EMAIL_FIELD, parseAuthorEmail } from "@memorial/lib/guestbook/withdraw-entry";
import { secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { linkBaseIfAllowed } from "@memorial/lib/links";
import { type GuestbookRefusalKey, guestbookRefusalPage } from "@/web/public-pages/guestbook-refusal";
import { type MemorialFormContext, memorialForm } from "@/web/public-pages/memorial-form";

const REFUSAL: Record<GuestbookReason, { key: GuestbookRefusalKey; status: number }> = {
  "name-length": { key: "refusedName", status: 400 },
  "message-length": { key: "refusedMessage", status: 400 },
  "control-characters": { key: "refusedControl", status: 400 },
  link: { key: "refusedLink", status: 400 },
  honeypot: { key: "refusedHoneypot", status: 400 },
  closed: { key: "refusedClosed", status: 400 },
  "rate-limited": { key: "refusedRateLimited", status: 429 },
};

/** The refusal page, with the message typed given back (the honeypot's gets nothing back). */
function refuse(ctx: MemorialFormContext, key: GuestbookRefusalKey, status: number, message?: string | null) {
  return secretLinkPage(
    guestbookRefusalPage({
      language: ctx.language(ctx.loaded?.language),
      nonce: ctx.nonce,
      memorialId: ctx.loaded?.id ?? null,
      reason: key,
      message: message ?? undefined,
    }),
    status,
  );
}

export const POST = memorialForm<GuestbookRefusalKey>(
  {
    refuse: (ctx, key, status) => refuse(ctx, key, status, ctx.field("message")),
    refusals: {
      origin: "refusedOrigin",
      missing: "refusedInvalid",
      // Past the public forms' limit: the message is too long to be one.
      tooLarge: "refusedMessage",
      unreadable: "refusedInvalid",
      host: ["refusedOrigin", 403],
      limited: "refusedRateLimited",
      refused: (error) => ["refusedInvalid", error.status],
    },
  },
  async (ctx) => {
    const memorial = ctx.loaded;
    const name = ctx.field("name");
    const message = ctx.field("message");
    if (name === null || message === null) return refuse(ctx, "refusedInvalid", 400);
    let email: string | null;
    try {
      email = parseAuthorEmail(ctx.field(EMAIL_FIELD));
    } catch {
      return refuse(ctx, "refusedEmail", 400, message);
    }
    // The e-mail's link names this site: a host that may not name links is refused,
    // with nothing written, rather than a message posted whose link cannot be sent.
    const base = email ? linkBaseIfAllowed(ctx.request) : null;
    if (email && !base) return refuse(ctx, "refusedOrigin", 403, message);
    const result = await postGuestbookEntry({
      memorialId: memorial.id,
      name,
      message,
      honeypot: ctx.field(HONEYPOT_FIELD) ?? "",
      client: requestClient(ctx.request.headers),
      withdrawal: email && base ? { email, language: ctx.language(memorial.language), linkBase: base } : null,
    });
    if (!result.ok) {
      const refusal = REFUSAL[result.reason];
      const page = refuse(
        ctx,
        refusal.key,
        refusal.status,
        result.reason === "honeypot" ? undefined : message,
      );
      if (refusal.status === 429) page.headers.set("Retry-After", "3600");
      return page;
    }
    const query = `?${ctx.lang ? `lang=${ctx.lang}&` : ""}guestbook=${result.status}`;
    return new Response(null, {
      status: 303,
      headers: { Location: `/memorial/${memorial.id}${query}#guestbook`, "Cache-Control": "no-store" },
    });
  },
);
