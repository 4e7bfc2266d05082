// GET, POST /api/auth/*: next-auth (sign-in with e-mail and password, sign-out, session, CSRF token)
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built at the first request, when the secret can be read (not at build time).
const handler = (request: NextRequest, context: Context) => NextAuth(request, context, authOptions());

export { handler as GET, handler as POST };
