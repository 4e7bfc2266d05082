// What a page costs a first visit, counted with the DevTools protocol: Network.loadingFinished's
// encodedDataLength is what crossed the network for each response (headers and body, compressed as
// sent), for every request the page made, the document included. The Resource Timing API's
// transferSize would not do as well: the document is not a "resource" entry (it is the navigation
// entry), and a response that fails or arrives after the entries are read would be missed.
import type { BrowserContext, Page } from "@playwright/test";

/** The public pages' budget on a first visit, images apart. */
export const PAGE_WEIGHT_LIMIT = 40 * 1024;

export interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

export interface Weighing {
  /** The responses so far, images apart. */
  counted(): Transfer[];
  /** Their bytes in all. */
  total(): number;
  /** A report of the responses, for the test's output. */
  report(name: string): string;
}

/** Starts counting what `page` receives. */
export async function weigh(context: BrowserContext, page: Page): Promise<Weighing> {
  const cdp = await context.newCDPSession(page);
  const responses = new Map<string, { url: string; type: string }>();
  const finished: Transfer[] = [];
  cdp.on("Network.responseReceived", (e) =>
    responses.set(e.requestId, { url: e.response.url, type: e.type }),
  );
  cdp.on("Network.loadingFinished", (e) => {
    const response = responses.get(e.requestId);
    if (response) finished.push({ ...response, bytes: e.encodedDataLength });
  });
  await cdp.send("Network.enable");
  const counted = () => finished.filter((r) => r.type !== "Image");
  const total = () => counted().reduce((sum, r) => sum + r.bytes, 0);
  return {
    counted,
    total,
    report(name) {
      const byType = new Map<string, number>();
      for (const r of counted()) byType.set(r.type, (byType.get(r.type) ?? 0) + r.bytes);
      const bytes = total();
      return [
        `${name}, first visit: ${bytes} bytes (${(bytes / 1024).toFixed(1)} KiB) transferred, images apart`,
        ...[...byType].map(([type, n]) => `  ${type}: ${n} B`),
        ...counted().map((r) => `    ${r.type} ${r.bytes} B ${new URL(r.url).pathname}`),
      ].join("\n");
    },
  };
}

/** Errors the page logs (a script that fails, a Content-Security-Policy refusal). */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
