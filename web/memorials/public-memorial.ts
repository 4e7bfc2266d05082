// A memorial's public data for the pages of one rendering: the layout, the metadata, the page and
// its images share one read (React's cache lasts one server request; it works in code Next.js
// bundles, which is why it wraps the domain's query here rather than in lib/).

import { getPublicMemorial as readPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";
import { notFound } from "next/navigation";
import { cache } from "react";
import { memorialRequestLanguage } from "@/web/i18n/request-language";

export const getPublicMemorial = cache(readPublicMemorial);

/** What Next.js gives a page under /memorial/[id]. */
export type MemorialPageProps = {
  params: Promise<{ id: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

/** The public memorial the address's [id] names; null for an id that is no number or no public memorial. */
export async function publicMemorialOf(params: Promise<{ id: string }>) {
  const id = parseId((await params).id);
  return id === null ? null : await getPublicMemorial(id);
}

/**
 * The memorial of a page under /memorial/[id] and the page's language for this request; the
 * memorial's not-found page when it is not public (one answer for every reason).
 */
export async function publicMemorialPage(params: Promise<{ id: string }>) {
  const memorial = await publicMemorialOf(params);
  if (!memorial) notFound();
  return { memorial, language: await memorialRequestLanguage(memorial) };
}
