// The language of a public page for this request: the visitor's `?lang=` (passed on by proxy.ts
// as x-lang), else the memorial's language, else the browser's. The root layout (<html lang>),
// the metadata and the page all ask here, so they always agree.
import { headers } from "next/headers";
import { pageLanguage } from "@/lib/memorials/public-page";
import type { Language } from "./languages";

export async function requestLanguage(memorialLanguage?: string | null): Promise<Language> {
  const h = await headers();
  return pageLanguage(h.get("x-lang"), memorialLanguage, h.get("accept-language"));
}
