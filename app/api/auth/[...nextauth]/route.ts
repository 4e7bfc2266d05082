// GET, POST /api/auth/*: next-auth (sign-in with e-mail and password, sign-out, session, CSRF token)

import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/web/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(
    JSON.stringify({ error: status === 405 ? "METHOD_NOT_ALLOWED" : "INVALID_INPUT", message }),
    {
      status,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    },
  );
}

// The options are built at the first request, when the secret can be read (not at build time).
async function handler(request: NextRequest, context: Context) {
  const [action] = (await context.params).nextauth ?? [];
  // next-auth answers these with a 500 of its own: a GET of the credentials callback ("not
  // supported"), and a query value it copies into a redirect's Location (?error=%00 makes
  // Headers.set throw). Neither is anything a browser of ours sends.
  if (request.method !== "POST" && action === "callback") {
    return refuse(405, "the sign-in callback takes a POST", { allow: "POST" });
  }
  for (const value of request.nextUrl.searchParams.values()) {
    if (/[^\x20-\x7e]/.test(value))
      return refuse(400, "a query parameter holds a control or non-ASCII character");
  }
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
