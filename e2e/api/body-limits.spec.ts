// A body past its route's limit is answered 413 with a clear message, and the client reads that
// answer, every time: the server reads and drops the rest of the body, up to a bound, before it
// answers (cutting the body off at once loses the answer about one time in four).
import net from "node:net";
import { PUBLIC_FORM_BYTES } from "@memorial/lib/http/capped-body";
import { settings } from "@memorial/lib/settings";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { classic, create } from "../browser/memorials";
import { signInRequest } from "../support/dashboard-session";
import { baseUrl, makeIsolatedOperator } from "../support/factories";

/** A raw request: headers, then `size` bytes of body in 16 KiB writes (chunked when asked); its whole answer. */
function sendBig(
  path: string,
  headers: Record<string, string>,
  size: number,
  chunked = false,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    const done = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer });
    };
    socket.on("close", done);
    // A reset while writing: what was read so far is the answer.
    socket.on("error", () => {});
    socket.on("connect", () => {
      const lines = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        "Connection: close",
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${size}`,
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      const piece = Buffer.alloc(16 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const part = piece.subarray(0, Math.min(piece.length, size - sent));
          sent += part.length;
          const data = chunked
            ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")])
            : part;
          if (socket.destroyed) return;
          if (!socket.write(data)) return void socket.once("drain", pump);
        }
        if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
      };
      pump();
    });
  });
}

/** The body of a raw HTTP/1.1 answer, its chunks joined when it came chunked. */
function bodyOf(answer: string): string {
  const end = answer.indexOf("\r\n\r\n");
  const rest = answer.slice(end + 4);
  if (!/^transfer-encoding:\s*chunked\s*$/im.test(answer.slice(0, end))) return rest;
  let body = "";
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n", at);
    const size = Number.parseInt(rest.slice(at, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

test("an oversized /v1 body is answered 413 with the Error object, read by the client every time", async () => {
  test.setTimeout(120_000);
  const op = await makeIsolatedOperator();
  const headers = { key: op.key, "Content-Type": "application/json" };
  for (let i = 0; i < 24; i++) {
    const chunked = i % 2 === 1;
    const answer = await sendBig("/v1/Memorials/Creer", headers, 1024 * 1024, chunked);
    expect(
      answer.status,
      `try ${i} (${chunked ? "chunked" : "Content-Length"}): ${answer.text.slice(0, 200)}`,
    ).toBe(413);
    const body = JSON.parse(bodyOf(answer.text));
    expect(body).toMatchObject({ Statut: "Erreur", HttpStatusCode: 413, Code: "PAYLOAD_TOO_LARGE" });
    expect(body.Message).toBe("the body is larger than 64 KiB");
  }
});

/** A JPEG of exactly `size` bytes: a small picture padded with comment segments (COM, 0xFFFE). */
async function jpegOfSize(size: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  // Segments of 4 to 65 537 bytes each (marker, length field, data), spread evenly.
  const missing = size - picture.length;
  const count = Math.ceil(missing / 65_537);
  const segments = Array.from({ length: count }, (_, i) =>
    comment(Math.floor(missing / count) + (i < missing % count ? 1 : 0) - 4),
  );
  return Buffer.concat([picture.subarray(0, 2), ...segments, picture.subarray(2)]);
}

function comment(dataLength: number): Buffer {
  const segment = Buffer.alloc(dataLength + 4, 0x20);
  segment[0] = 0xff;
  segment[1] = 0xfe;
  segment.writeUInt16BE(dataLength + 2, 2);
  return segment;
}

test("a photo of PHOTO_MAX_BYTES is taken; one byte more is refused 413, nothing kept", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const op = await makeIsolatedOperator();
  await signInRequest(request, op.operatorId);
  const max = settings().PHOTO_MAX_BYTES;
  const upload = (photo: Buffer) =>
    request.post(`${baseUrl()}/api/dashboard/trees/photo`, {
      headers: { Origin: baseUrl() },
      multipart: { photo: { name: "tree.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
  const under = await jpegOfSize(max);
  expect(under.length).toBe(max);
  const taken = await upload(under);
  expect(taken.status(), await taken.text()).toBe(200);
  expect((await taken.json()).key).toMatch(/^[A-Za-z0-9_-]+$/);
  const over = await jpegOfSize(max + 1);
  const refused = await upload(over);
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toMatchObject({ error: "INVALID_INPUT", field: "photo", reason: "too-large" });
});

test("a public form's body past its limit is refused 413, chunked too, and nothing is written", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(op, classic());
  const headers = { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" };
  for (const chunked of [false, true]) {
    const answer = await sendBig(
      `/memorial/${memorialId}/guestbook`,
      headers,
      PUBLIC_FORM_BYTES * 4,
      chunked,
    );
    expect(answer.status, answer.text.slice(0, 200)).toBe(413);
  }
});
