import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "./security-headers";

type HeaderRule = { source: string; headers: { key: string; value: string }[] };

describe("the security headers", () => {
  it("are the same in next.config.mjs as in the answers the server writes itself", async () => {
    const config = "../../next.config.mjs"; // plain JavaScript: no types to check it against
    const nextConfig = (await import(config)).default as { headers(): Promise<HeaderRule[]> };
    const everyPath = (await nextConfig.headers()).find((rule) => rule.source === "/:path*");
    const configured = Object.fromEntries(
      everyPath?.headers.map((h) => [h.key.toLowerCase(), h.value]) ?? [],
    );
    expect(configured).toEqual(SECURITY_HEADERS);
  });
});
