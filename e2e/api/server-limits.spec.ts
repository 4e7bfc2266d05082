// The HTTP server's own limits (lib/service/server.ts): slow clients are disconnected, and methods
// Next.js does not handle answer 405 instead of a text 500.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/factories";
import { rawRequest } from "../support/raw-http";
import { type RunningServer, startServer } from "../support/server";

test("TRACE and unknown methods answer 405 with Allow: JSON under /v1, plain text elsewhere", async () => {
  for (const method of ["TRACE", "PROPFIND", "PURGE"]) {
    for (const path of ["/v1/Especes", "/v1/Memorials/Creer", "/v1/nowhere"]) {
      const response = await rawRequest(baseUrl(), method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers.allow).toBe("GET, POST, PUT");
      const body = JSON.parse(response.text);
      expect(body).toMatchObject({ Objet: "erreur", Statut: "Erreur", HttpStatusCode: 405 });
      expect(body.ApiContexte).toMatchObject({ ContexteGeneral: "", ContexteGeneralId: 0, ContexteId: 0 });
      expect(body.Message).toContain(method);
    }
    for (const path of ["/", "/memorial/1", "/confirm/abc", "/dashboard", "/api/auth/session"]) {
      const response = await rawRequest(baseUrl(), method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["content-type"]).toContain("text/plain");
      expect(response.headers.allow).toBe("GET, HEAD, POST");
    }
  }
});

test.describe("slow clients", () => {
  const HEADERS_TIMEOUT_MS = 2_000;
  const REQUEST_TIMEOUT_MS = 4_000;
  let server: RunningServer;
  let root: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    root = mkdtempSync(path.join(os.tmpdir(), "memorial-limits-"));
    server = await startServer(
      {
        // The suite's settings (SMTP, webhooks): its background senders share the queues.
        // The same DATA_DIR too: the same signing secrets (sessions, webhook secrets).
        ...JSON.parse(process.env.E2E_SERVICE_ENV as string),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
      path.join(root, "server.log"),
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** Opens a socket that writes `first`, then `next` every 500 ms (40 times at most), until closed. */
  function trickle(first: string, next: string): Promise<{ closedAfterMs: number; received: string }> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve) => {
      const started = Date.now();
      let received = "";
      let sent = 0;
      const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(first));
      const timer = setInterval(() => {
        if (sent++ < 40 && socket.writable) socket.write(next);
      }, 500);
      socket.on("data", (chunk) => {
        received += String(chunk);
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ closedAfterMs: Date.now() - started, received });
      });
      // Bounded: the test's own end, should the server never close (the assertion below then fails).
      setTimeout(() => socket.destroy(), 20_000);
    });
  }

  test("20 connections sending their headers one line at a time are closed by the headers timeout", async () => {
    const sockets = Array.from({ length: 20 }, (_, i) =>
      trickle(`GET /memorial/${i + 1} HTTP/1.1\r\nHost: 127.0.0.1\r\n`, "X-Slow: yes\r\n"),
    );
    const results = await Promise.all(sockets);
    for (const result of results) {
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(result.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
      expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    }
    // The server still answers others.
    expect((await rawRequest(server.url, "GET", "/")).status).toBe(200);
  });

  test("a request whose body trickles in is closed by the request timeout", async () => {
    const head =
      "POST /v1/Memorials/Creer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      "Content-Length: 1000\r\n\r\n{";
    const results = await Promise.all(Array.from({ length: 5 }, () => trickle(head, " ")));
    for (const result of results) {
      expect(result.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
    }
  });
});
