import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { toOriginForm } from "./server-options";

function target(url: string, host = "service.example") {
  const request = { url, headers: { host } } as unknown as IncomingMessage;
  toOriginForm(request);
  return { url: request.url, host: request.headers.host };
}

describe("toOriginForm", () => {
  it("makes an absolute-form target origin-form, its host the request's Host", () => {
    expect(target("http://127.0.0.1:3000/v1/Especes?Page=2")).toEqual({
      url: "/v1/Especes?Page=2",
      host: "127.0.0.1:3000",
    });
    expect(target("HTTPS://memorial.example")).toEqual({ url: "/", host: "memorial.example" });
    expect(target("http://memorial.example?q=1")).toEqual({ url: "/?q=1", host: "memorial.example" });
    expect(target("http://user@memorial.example/x")).toEqual({ url: "/x", host: "memorial.example" });
  });

  it("leaves an origin-form target, and what is no absolute form, as they are", () => {
    expect(target("/v1/Especes")).toEqual({ url: "/v1/Especes", host: "service.example" });
    expect(target("//v1/Especes")).toEqual({ url: "//v1/Especes", host: "service.example" });
    expect(target("*")).toEqual({ url: "*", host: "service.example" });
  });
});
