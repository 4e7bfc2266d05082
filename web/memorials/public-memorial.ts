// A memorial's public data for the pages of one rendering: the layout, the metadata, the page and
// its images share one read (React's cache lasts one server request; it works in code Next.js
// bundles, which is why it wraps the domain's query here rather than in lib/).

import { getPublicMemorial as readPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { cache } from "react";

export const getPublicMemorial = cache(readPublicMemorial);
