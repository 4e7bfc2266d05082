// The one wrapper of the public pages' forms: every POST route handler of app/ outside /v1 and
// /api that a visitor or a family sends from a page (the guestbook, the reminders, the planting
// form, the family's management page, the buttons of the secret links). A route declares who
// acts, how its Origin is checked and whether it reads a form; the wrapper does the rest, in one
// order, so that the next form cannot forget a step nor take them in another order:
//   1. the form, read within PUBLIC_FORM_BYTES (lib/http/capped-body.ts; a body too large or not
//      a form is noted here and answered at step 4, once the route knows its page);
//   2. the route's `load` (its memorial, its link): it may answer at once;
//   3. the same-origin check (lib/http/same-origin.ts) → refusal "origin";
//   4. the form's problems → "too-large" or "unreadable";
//   5. the handler, acting as the declared actor for the audit log, its errors mapped: a Host
//      that may not name links → "host", a limit → "limited" (its 429 gets Retry-After), any other
//      DomainError → "refused"; anything else is thrown.
// The route keeps what is its own: its fields, its pages and the status of each refusal
// (`refuse`, one switch over the refusals, so each one is answered in the route's words).
import { actingAs } from "@memorial/lib/audit/actor";
import { DomainError } from "@memorial/lib/errors";
import { BodyTooLargeError, PUBLIC_FORM_BYTES, readCappedForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";
import { RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { HostNotAllowedError } from "@memorial/lib/links";
import type { Actor } from "@memorial/lib/scope";

/** Why the wrapper did not hand the request to the handler, or why the handler was refused. */
type PublicFormRefusal =
  /** Sent by another site's page or script (Fetch Metadata, then Origin). */
  | { why: "origin" }
  /** The body is past PUBLIC_FORM_BYTES (drained, never buffered). */
  | { why: "too-large" }
  /** The body is not a form. */
  | { why: "unreadable" }
  /** The request's Host may not name the links of e-mails (lib/links.ts): nothing written. */
  | { why: "host"; error: HostNotAllowedError }
  /** A limit of lib/limits: the wrapper sets Retry-After on a 429 answer. */
  | { why: "limited"; error: RateLimitedError }
  /** Any other refusal of the domain. */
  | { why: "refused"; error: DomainError };

/** What a public form's route knows of its request. */
export interface PublicFormRequest {
  request: Request;
  url: URL;
  /** The route's dynamic segments ({ id } or { token }). */
  params: Record<string, string>;
  /** The form (empty when the route reads none). */
  form: FormData;
  /** A text field of the form; null when absent or not text. */
  field(name: string): string | null;
  /** The form's `lang` field, when it names a language (the page the form was on). */
  lang: Language | null;
  /** The page's language: ?lang=, the form's lang, then the route's fallbacks, then Accept-Language. */
  language(...fallbacks: (string | null | undefined)[]): Language;
  /**
   * A page of the route's own kind (`page(view, language, nonce, path)`) answered with `status`,
   * never cached nor indexed; its language as `language(fallback)` gives it.
   */
  render<V>(
    page: (view: V, language: Language, nonce: string, path: string) => string,
    view: V,
    status: number,
    fallbackLanguage?: string | null,
  ): Response;
  /** The CSP nonce of the page's inline style and script. */
  nonce: string;
}

export interface PublicFormContext<L> extends PublicFormRequest {
  /** What `load` found. */
  loaded: L;
}

interface PublicFormSpec<L> {
  /** Who acts for the audit log: a visitor, or the family of the link's memorial. */
  actor: Actor | ((loaded: L) => Actor);
  /**
   * required: the Origin must be this site's (a form that makes e-mails be sent or messages be
   * posted); if-present: a browser that sends none is accepted (a secret link's own button);
   * none: no check (RFC 8058's one-click unsubscribe comes from mail providers' servers).
   */
  origin: "required" | "if-present" | "none";
  /** The body is read as a form within PUBLIC_FORM_BYTES; false: the body is not read. */
  form: boolean;
  /** A form that carries a file (a visitor's photo) is read within this many bytes instead. */
  formBytes?: number;
  /** What the route looks up first (its memorial, its link); a Response answers at once. */
  load?: (request: PublicFormRequest) => Promise<L | Response>;
  /** The route's answer to each refusal. */
  refuse: (refusal: PublicFormRefusal, context: PublicFormContext<L>) => Response | Promise<Response>;
}

type RouteContext = { params: Promise<Record<string, string>> };

interface ReadForm {
  form: FormData;
  problem: "too-large" | "unreadable" | null;
}

async function readForm(request: Request, read: boolean, limit = PUBLIC_FORM_BYTES): Promise<ReadForm> {
  if (!read) return { form: new FormData(), problem: null };
  try {
    return { form: await readCappedForm(request, limit), problem: null };
  } catch (error) {
    return { form: new FormData(), problem: error instanceof BodyTooLargeError ? "too-large" : "unreadable" };
  }
}

function publicRequest(request: Request, params: Record<string, string>, form: FormData): PublicFormRequest {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const rawLang = field("lang");
  const lang = isLanguage(rawLang) ? rawLang : null;
  const url = new URL(request.url);
  const nonce = requestNonce(request);
  const language = (...fallbacks: (string | null | undefined)[]) =>
    secretLinkLanguage(request, lang, ...fallbacks);
  return {
    request,
    url,
    params,
    form,
    field,
    lang,
    language,
    render: (page, view, status, fallbackLanguage) =>
      secretLinkPage(page(view, language(fallbackLanguage), nonce, url.pathname), status),
    nonce,
  };
}

function refusalOf(error: unknown): PublicFormRefusal | null {
  if (error instanceof HostNotAllowedError) return { why: "host", error };
  if (error instanceof RateLimitedError) return { why: "limited", error };
  if (error instanceof DomainError) return { why: "refused", error };
  return null;
}

/** The route handler of a public form: `export const POST = publicForm({ ... }, handler)`. */
export function publicForm<L = undefined>(
  spec: PublicFormSpec<L>,
  handler: (context: PublicFormContext<L>) => Promise<Response>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, routeContext) => {
    const params = await routeContext.params;
    const { form, problem } = await readForm(request, spec.form, spec.formBytes);
    const base = publicRequest(request, params, form);
    const loaded = spec.load ? await spec.load(base) : (undefined as L);
    if (loaded instanceof Response) return loaded;
    const context: PublicFormContext<L> = { ...base, loaded };
    if (spec.origin !== "none" && !fromThisSite(request, { originRequired: spec.origin === "required" })) {
      return spec.refuse({ why: "origin" }, context);
    }
    if (problem) return spec.refuse({ why: problem }, context);
    const actor = typeof spec.actor === "function" ? spec.actor(loaded) : spec.actor;
    try {
      return await actingAs(actor, () => handler(context));
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const answer = await spec.refuse(refusal, context);
      if (refusal.why === "limited" && answer.status === 429 && !answer.headers.has("Retry-After")) {
        answer.headers.set("Retry-After", String(refusal.error.retryAfterSeconds));
      }
      return answer;
    }
  };
}
