export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="font-serif text-4xl text-forest-800">Memorial trees</h1>
      <p className="mt-4 text-lg">
        Real trees, planted in memory of those we have lost. Funeral homes, newspapers and insurers plant them
        on behalf of families; each tree appears on the memorial page of the person it honours.
      </p>
      <p className="mt-6">
        Partners: the API is served under <code>/v1</code>; its reference is at{" "}
        <a className="underline" href="/docs">
          /docs
        </a>{" "}
        (the OpenAPI document at{" "}
        <a className="underline" href="/openapi.json">
          /openapi.json
        </a>
        ).
      </p>
    </main>
  );
}
