// POST /manage/{token}/reminders: the family subscribes an address to the memorial's anniversary
// reminders from its management page. From this site only (same-origin check, as
// every change of the management page). The family's own address, which received its management
// link, is active at once; another one gets a confirmation e-mail (double opt-in). Then back to the
// page (303); bad input is a 400 page naming the problem, nothing written.

import { requestClient } from "@memorial/lib/auth/client-address";
import { type PublicFormContext, publicForm } from "@memorial/lib/http/public-form";
import { linkBase } from "@memorial/lib/links";
import { lookupManage } from "@memorial/lib/memorials/manage-token";
import { familyEmail } from "@memorial/lib/memorials/queries";
import { subscribe } from "@memorial/lib/reminders/subscriptions";
import { email as emailField } from "@memorial/lib/validation";
import { managePage } from "@/web/public-pages/manage-page";
import { type ReminderPageView, reminderPage } from "@/web/public-pages/reminder-pages";

const EMAIL = emailField(254);

type Found = Awaited<ReturnType<typeof lookupManage>>;
type Context = PublicFormContext<Found>;

const languageOf = (found: Found) => ("language" in found ? found.language : null);

/** The management page of a link that is not active: 404 unknown, 410 expired or replaced. */
const linkGone = (ctx: Context, found: Exclude<Found, { state: "active" }>) =>
  ctx.render(managePage, { state: found.state }, found.state === "unknown" ? 404 : 410, languageOf(found));

const answer = (ctx: Context, view: ReminderPageView, status: number) =>
  ctx.render(reminderPage, view, status, languageOf(ctx.loaded));

export const POST = publicForm(
  {
    origin: "if-present",
    form: true,
    load: (ctx) => lookupManage(ctx.params.token),
    // Who acts, for the audit log: the family holding the management link.
    actor: (found) => ({ kind: "family", memorialId: found.state === "active" ? found.memorialId : 0 }),
    refuse: (refusal, ctx) => {
      const found = ctx.loaded;
      if (refusal.why === "origin")
        return ctx.render(managePage, { state: "refused" }, 403, languageOf(found));
      if (found.state !== "active") return linkGone(ctx, found);
      const invalid = (problem: "email" | "kind" | "host", status: number) =>
        answer(ctx, { state: "invalid", memorialId: found.memorialId, problems: [problem] }, status);
      switch (refusal.why) {
        case "too-large":
          return invalid("email", 413);
        case "unreadable":
          return invalid("email", 400);
        // A forged Host (lib/links.ts emailLinkOrigin): no e-mail link is made on it, nothing written.
        case "host":
          return invalid("host", 400);
        // This client, or this memorial today, had its share of confirmation e-mails.
        case "limited":
          return answer(ctx, { state: "limited", memorialId: found.memorialId }, 429);
        case "refused":
          if (refusal.error.status === 404) return answer(ctx, { state: "unavailable" }, 404);
          return invalid("kind", refusal.error.status);
      }
    },
  },
  async (ctx) => {
    const found = ctx.loaded;
    if (found.state !== "active") return linkGone(ctx, found);
    const parsed = EMAIL.safeParse(ctx.form.get("email") ?? "");
    if (!parsed.success) {
      return answer(ctx, { state: "invalid", memorialId: found.memorialId, problems: ["email"] }, 400);
    }
    const familyAddress = await familyEmail(found.memorialId);
    const language = ctx.language(found.language);
    await subscribe({
      memorialId: found.memorialId,
      email: parsed.data,
      language,
      deathAnniversary: ctx.field("death") === "yes",
      birthday: ctx.field("birthday") === "yes",
      linkBase: linkBase(ctx.request),
      client: requestClient(ctx.request.headers),
      confirmed: familyAddress?.trim().toLowerCase() === parsed.data.trim().toLowerCase(),
    });
    return new Response(null, {
      status: 303,
      headers: {
        Location: `/manage/${encodeURIComponent(ctx.params.token)}?done=1&lang=${language}`,
        "Cache-Control": "no-store",
      },
    });
  },
);
