// 404 of the site's pages (components/public/not-found-page.tsx).

import { PublicNotFound } from "@/components/public/not-found-page";

export default function NotFound() {
  return <PublicNotFound />;
}
