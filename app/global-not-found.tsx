// The 404 page of URLs that match no route. The app has several root layouts (the site, each
// memorial page in its own language), so this page brings its own <html> (Next 16 globalNotFound).
import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Page not found · Memorial trees",
  description: "This page does not exist.",
};

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="min-h-screen bg-forest-50 text-stone-900 antialiased">
        <main className="mx-auto max-w-2xl px-6 py-16">
          <h1 className="font-serif text-3xl text-forest-800">Page not found</h1>
          <p className="mt-4">This page does not exist, or it is not public.</p>
          <p className="mt-6">
            <a className="text-forest-700 underline" href="/">
              Home
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
