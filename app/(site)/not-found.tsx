import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="font-serif text-3xl text-forest-800">Page not found</h1>
      <p className="mt-4">This page does not exist, or it is not public.</p>
      <p className="mt-6">
        <Link className="text-forest-700 underline" href="/">
          Home
        </Link>
      </p>
    </main>
  );
}
