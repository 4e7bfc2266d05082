// HTTP requests as written, through node:http: fetch() refuses TRACE, normalises some paths and
// always sends the URL's host (a test of a forged Host header names its own).
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request as written (`headers` may name the Host), with an optional body. */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method, path, headers: { ...headers, ...length }, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
