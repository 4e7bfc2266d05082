// The visitors' forms of a public memorial page (the guestbook, the planting form, the photos):
// public forms
// (lib/http/public-form.ts) that a visitor sends from this site about a memorial the public may
// see. What they share is here: the visitor acts, the Origin is required, the memorial is looked
// up first (none, or not public: 404, whatever else is wrong), and each of the wrapper's refusals
// is answered by the route's own refusal page under the key the route gives it.
import type { DomainError } from "@memorial/lib/errors";
import { type PublicFormContext, publicForm } from "@memorial/lib/http/public-form";
import { parseId } from "@memorial/lib/validation";
import { getPublicMemorial } from "@/web/memorials/public-memorial";

type PublicMemorial = NonNullable<Awaited<ReturnType<typeof getPublicMemorial>>>;

/** A memorial form's request: its memorial, when there is such a public one. */
export type MemorialFormContext = PublicFormContext<PublicMemorial | null>;

interface MemorialFormSpec<K> {
  /** The route's refusal page under `key`, answered with `status`. */
  refuse: (ctx: MemorialFormContext, key: K, status: number) => Response;
  /** The route's key for each refusal of the wrapper (their statuses are the wrapper's). */
  refusals: {
    /** 403: sent by another site. */
    origin: K;
    /** 404: no such public memorial. */
    missing: K;
    /** 413: past the public forms' limit. */
    tooLarge: K;
    /** 400: not a form. */
    unreadable: K;
    /** A Host that may not name links: the route's key and status. */
    host: readonly [K, number];
    /** 429: a limit (Retry-After is the wrapper's). */
    limited: K;
    /** Another refusal of the domain: the route's key and status for it. */
    refused: (error: DomainError) => readonly [K, number];
  };
  /** The form's size limit, when it is not the public forms' (a photo's form). */
  formBytes?: number;
}

/** The route handler of a memorial page's form: `export const POST = memorialForm({ ... }, handler)`. */
export function memorialForm<K>(
  { refuse, refusals, formBytes }: MemorialFormSpec<K>,
  handler: (ctx: MemorialFormContext & { loaded: PublicMemorial }) => Promise<Response>,
) {
  return publicForm<PublicMemorial | null>(
    {
      // Who acts, for the audit log: a visitor of the public pages (no account).
      actor: { kind: "visitor" },
      // A form of another site (or a script without this site's Origin) cannot act in its name.
      origin: "required",
      form: true,
      formBytes,
      load: async (ctx) => {
        const memorialId = parseId(ctx.params.id);
        return memorialId === null ? null : await getPublicMemorial(memorialId);
      },
      refuse: (refusal, ctx) => {
        if (refusal.why === "origin") return refuse(ctx, refusals.origin, 403);
        if (!ctx.loaded) return refuse(ctx, refusals.missing, 404);
        switch (refusal.why) {
          case "too-large":
            return refuse(ctx, refusals.tooLarge, 413);
          case "unreadable":
            return refuse(ctx, refusals.unreadable, 400);
          case "host":
            return refuse(ctx, ...refusals.host);
          case "limited":
            return refuse(ctx, refusals.limited, 429);
          case "refused":
            return refuse(ctx, ...refusals.refused(refusal.error));
        }
      },
    },
    async (ctx) => {
      const memorial = ctx.loaded;
      return memorial ? handler({ ...ctx, loaded: memorial }) : refuse(ctx, refusals.missing, 404);
    },
  );
}
