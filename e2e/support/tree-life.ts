// Helpers of the tests of a tree's life as families and operators see it: a
// field photo made on the fly, today's UTC day, and a wait for the dispatch of a memorial's events
// (after which whatever their durable consumers write, e-mails included, is committed).
import { actingAs } from "@memorial/lib/audit/actor";
import { storePhoto } from "@memorial/lib/photos/photos";
import { expect } from "@playwright/test";
import sharp from "sharp";
import { COMMAND_LINE, db } from "./factories";

/** A 1200 × 900 JPEG of a young tree in a field (drawn, then encoded by sharp). */
export function treePhoto(hue = "#7cb342"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#9fd3f5"/><stop offset="1" stop-color="#e6f4fb"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#sky)"/>
    <ellipse cx="600" cy="900" rx="900" ry="330" fill="#6a9f3a"/>
    <ellipse cx="250" cy="880" rx="500" ry="240" fill="#5a8f2e"/>
    <rect x="585" y="470" width="30" height="260" fill="#7c4a1e"/>
    <circle cx="600" cy="430" r="150" fill="${hue}"/>
    <circle cx="520" cy="480" r="100" fill="#558b2f"/>
    <circle cx="690" cy="470" r="110" fill="#689f38"/>
    <ellipse cx="600" cy="735" rx="90" ry="18" fill="#4e342e" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The life of an ordered tree in the API's tree lines: nothing has happened to it yet. */
export const NOTHING_HAPPENED_YET = {
  DateMiseEnTerre: null,
  LatitudeArbre: null,
  LongitudeArbre: null,
  PhotoUrl: null,
  DernierControle: null,
  DateMort: null,
  CauseMort: null,
  RemplaceParArbreId: null,
  RemplaceArbreId: null,
};

/** Today's UTC day, YYYY-MM-DD (a step's date may not be after it). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Waits until every event of `type` of the memorial was dispatched to the durable consumers. */
export async function waitForDispatch(memorialId: number, type: string, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const rows = await db.domainEvent.findMany({
          where: { memorialId, type },
          select: { dispatchedAt: true },
        });
        return rows.length >= count && rows.every((r) => r.dispatchedAt !== null);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A field photo of the tree stored as the command line uploads one with its step (its key). */
export async function storeTreePhoto(hue?: string): Promise<{ key: string }> {
  const bytes = await treePhoto(hue);
  return actingAs(COMMAND_LINE, () => storePhoto(bytes));
}
