// 404 of /memorial/{id}: unknown id, memorial awaiting confirmation, or made with a test key
// (contract.md, Memorials). The same page for all three, so nothing tells them apart.

import type { Metadata } from "next";
import { PublicNotFound } from "@/components/public/not-found-page";

export const metadata: Metadata = { title: "404" };

export default function MemorialNotFound() {
  return <PublicNotFound mainId="content" />;
}
