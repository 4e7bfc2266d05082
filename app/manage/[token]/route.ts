// The family's management link (/manage/{token}). GET and HEAD (what e-mail scanners do) only
// show the page; each change is a POST of one of its forms, from this site only (same-origin
// check), acting on the memorial the token names and nothing else. An unknown link answers 404,
// an expired or replaced one 410 Gone; neither changes anything. A route handler, not a page, so
// that those statuses are real.

import { cancelCeremony } from "@memorial/lib/ceremonies/cancel-ceremony";
import { familyCeremony } from "@memorial/lib/ceremonies/queries";
import { setCeremony } from "@memorial/lib/ceremonies/set-ceremony";
import { DomainError } from "@memorial/lib/errors";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { guestbookManageAction } from "@memorial/lib/guestbook/manage-actions";
import { familyGuestbook } from "@memorial/lib/guestbook/queries";
import { mergedTarget } from "@memorial/lib/http/merged-redirect";
import { publicForm } from "@memorial/lib/http/public-form";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { linkBase } from "@memorial/lib/links";
import { requestClosingSummary } from "@memorial/lib/mail/closing-summary";
// The photos visitors share: their list and their two controls (approve, remove).
import {
  isPhotoManageAction,
  PHOTO_MANAGE_ACTIONS,
  photoManageAction,
} from "@memorial/lib/memorial-photos/manage-actions";
import { familyPhotos } from "@memorial/lib/memorial-photos/queries";
import { setMemorialAnonymous } from "@memorial/lib/memorials/anonymise-memorial";
import { setAnonymousTitle } from "@memorial/lib/memorials/choose-anonymous-title";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { familyAudit } from "@memorial/lib/memorials/family-audit";
import { setMemorialHidden } from "@memorial/lib/memorials/hide-memorial";
import { setMessageHidden } from "@memorial/lib/memorials/hide-message";
import { lookupManage } from "@memorial/lib/memorials/manage-token";
import { hasGuestbook, PRIVACY_LEVELS } from "@memorial/lib/memorials/policy";
import { setMemorialPrivacy } from "@memorial/lib/memorials/set-privacy";
import { latestArchive, requestArchive } from "@memorial/lib/privacy/archive";
import { setErasureRequested } from "@memorial/lib/privacy/erasure";
import { setMemorialTakenDown } from "@memorial/lib/privacy/takedown";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import {
  CEREMONY_FIELDS,
  type CeremonyFormValues,
  ceremonyCommand,
  ceremonyFormField,
} from "@/web/ceremony-form";
import { CEREMONY_MANAGE_ACTIONS, type ManageCeremony } from "@/web/public-pages/manage-ceremony";
import { GUESTBOOK_MANAGE_ACTIONS } from "@/web/public-pages/manage-guestbook";
import { type ManagePageView, managePage } from "@/web/public-pages/manage-page";
import { manageRemindersOf } from "@/web/public-pages/manage-reminders";

type Context = { params: Promise<{ token: string }> };

function page(request: Request, view: ManagePageView, status: number, memorialLanguage?: string | null) {
  const language = secretLinkLanguage(request, memorialLanguage);
  return secretLinkPage(
    managePage(view, language, requestNonce(request), new URL(request.url).pathname),
    status,
  );
}

async function show(
  request: Request,
  token: string,
  done: boolean,
  status = 200,
  ceremonyRefused?: ManageCeremony["refused"],
) {
  const found = await lookupManage(token);
  switch (found.state) {
    case "active": {
      // A memorial merged into another has nothing left to manage here (its trees,
      // messages and reminders are on the kept page): its link leads to the kept memorial's page,
      // until an undo of the merge makes it what it was.
      const kept = await mergedTarget(found.memorialId);
      if (kept !== null) return seeKept(kept);
      return page(
        request,
        {
          ...found,
          token,
          done,
          reminders: await manageRemindersOf(found.memorialId),
          guestbook: hasGuestbook(found.kind) ? await familyGuestbook(found.memorialId) : undefined,
          photos: found.kind !== "global" ? await familyPhotos(found.memorialId) : undefined,
          archive: await latestArchive(found.memorialId),
          audit: await familyAudit(found.memorialId),
          // The global memorial has no ceremony (lib/ceremonies/own-memorial.ts).
          ceremony:
            found.kind === "global"
              ? undefined
              : { current: await familyCeremony(found.memorialId), refused: ceremonyRefused },
        },
        status,
        found.language,
      );
    }
    case "expired":
    case "revoked":
      return page(request, { state: found.state }, 410, found.language);
    default:
      return page(request, { state: "unknown" }, 404);
  }
}

/** The kept memorial's page, for the link of a memorial merged into it (nothing is changed). */
const seeKept = (kept: number) =>
  new Response(null, {
    status: 303,
    headers: { Location: `/memorial/${kept}`, "Cache-Control": "no-store" },
  });

// GET /manage/{token}: the family's controls. Reads only (HEAD too).
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  return show(request, token, request.nextUrl.searchParams.get("done") === "1");
}

const ACTIONS = [
  "hide",
  "show",
  "anonymise",
  "unanonymise",
  "hide-message",
  "show-message",
  "title-initials",
  "title-name",
  "closing-summary",
  "privacy",
  "takedown",
  "restore",
  "erasure-request",
  "erasure-cancel",
  "archive",
  ...GUESTBOOK_MANAGE_ACTIONS,
  ...CEREMONY_MANAGE_ACTIONS,
  ...PHOTO_MANAGE_ACTIONS,
] as const;
type Action = (typeof ACTIONS)[number];

async function act(
  actor: FamilyActor,
  action: Action,
  treeId: number | null,
  request: Request,
  form: FormData,
) {
  switch (action) {
    case "closing-summary":
      if (actor.by !== "family") return;
      return requestClosingSummary(actor.token, linkBase(request));
    case "privacy": {
      const level = form.get("privacy");
      if (typeof level !== "string" || !(PRIVACY_LEVELS as readonly string[]).includes(level)) {
        throw new DomainError("INVALID_INPUT", `privacy must be one of ${PRIVACY_LEVELS.join(", ")}`);
      }
      return setMemorialPrivacy(actor, level as PrivacyLevel);
    }
    case "hide":
    case "show":
      return setMemorialHidden(actor, action === "hide");
    case "takedown":
    case "restore":
      return setMemorialTakenDown(actor, action === "takedown");
    case "archive":
      if (actor.by !== "family") return;
      return requestArchive(actor, `${linkBase(request)}/manage/${encodeURIComponent(actor.token)}`);
    case "erasure-request":
    case "erasure-cancel":
      if (actor.by !== "family") return;
      return setErasureRequested(
        actor,
        action === "erasure-request",
        `${linkBase(request)}/manage/${encodeURIComponent(actor.token)}`,
      );
    case "anonymise":
    case "unanonymise":
      return setMemorialAnonymous(actor, action === "anonymise");
    case "hide-message":
    case "show-message":
      if (treeId === null) throw new DomainError("INVALID_INPUT", "tree must be the id of a tree");
      return setMessageHidden(actor, treeId, action === "hide-message");
    case "title-initials":
    case "title-name":
      return setAnonymousTitle(actor, action === "title-initials" ? "initials" : "name");
    // The ceremony: the funeral home's use cases, the link checked in the change's transaction.
    case "ceremony-set":
      return setCeremony(actor, ceremonyCommand(ceremonyValues(form)));
    case "ceremony-cancel":
      return cancelCeremony(actor);
    default:
      if (isPhotoManageAction(action)) return photoManageAction(actor, action, form.get("photo"));
      return guestbookManageAction(actor, action, form);
  }
}

/** The ceremony's form as sent (a field not sent, or not text, is empty). */
function ceremonyValues(form: FormData): CeremonyFormValues {
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
  return Object.fromEntries(
    CEREMONY_FIELDS.map((field) => [field, text(form.get(field))]),
  ) as CeremonyFormValues;
}

// POST /manage/{token}: one change, from the page's own forms; then back to the page (303).
export const POST = publicForm(
  {
    // A cross-site form or script cannot act with a family's link (Fetch Metadata, then Origin).
    origin: "if-present",
    form: true,
    load: (ctx) => lookupManage(ctx.params.token),
    // Who acts, for the audit log: the family holding the link of this memorial.
    actor: (found) => ({ kind: "family", memorialId: found.state === "active" ? found.memorialId : 0 }),
    refuse: async (refusal, ctx) => {
      const found = ctx.loaded;
      const language = "language" in found ? found.language : null;
      switch (refusal.why) {
        case "origin":
          return ctx.render(managePage, { state: "refused" }, 403, language);
        case "too-large":
          return ctx.render(managePage, { state: "invalid" }, 413);
        case "unreadable":
          return ctx.render(managePage, { state: "invalid" }, 400);
        default: {
          const { error } = refusal;
          const reason = error.problem?.reason;
          if (error.problem?.field === "token") {
            if (reason === "expired" || reason === "revoked")
              return show(ctx.request, ctx.params.token, false);
            return ctx.render(managePage, { state: "unknown" }, 404);
          }
          // A tree of another memorial, or an undoable choice: nothing changed, the page says so.
          return ctx.render(managePage, { state: "invalid" }, error.status, language);
        }
      }
    },
  },
  async (ctx) => {
    const { token } = ctx.params;
    const action = ctx.field("action");
    if (action === null || !(ACTIONS as readonly string[]).includes(action)) {
      return ctx.render(managePage, { state: "invalid" }, 400);
    }
    const found = ctx.loaded;
    const kept = found.state === "active" ? await mergedTarget(found.memorialId) : null;
    if (kept !== null) return seeKept(kept);
    const treeField = ctx.field("tree");
    const treeId = treeField === null ? null : parseId(treeField);
    try {
      await act({ by: "family", token }, action as Action, treeId, ctx.request, ctx.form);
    } catch (error) {
      // A refused field of the ceremony's form: the page again, the form as it was sent, the
      // field named beside it; nothing was written.
      const field = error instanceof DomainError ? ceremonyFormField(error.problem?.field) : null;
      if (action !== "ceremony-set" || field === null || !(error instanceof DomainError)) throw error;
      return show(ctx.request, token, false, error.status, {
        values: ceremonyValues(ctx.form),
        fields: { [field]: error.problem?.reason ?? "invalid" },
      });
    }
    const lang = ctx.url.searchParams.get("lang");
    const query = `?done=1${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
    return new Response(null, {
      status: 303,
      headers: {
        Location: `/manage/${encodeURIComponent(token)}${query}${action.startsWith("ceremony-") ? "#ceremony" : ""}`,
        "Cache-Control": "no-store",
      },
    });
  },
);
