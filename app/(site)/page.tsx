export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="font-serif text-4xl text-forest-800">Memorial trees</h1>
      <p className="mt-4 text-lg">
        Real trees, planted in memory of those we have lost. Funeral homes, newspapers and insurers plant them
        on behalf of families; each tree appears on the memorial page of the person it honours.
      </p>
      <p className="mt-6">
        Partners: the API is documented in <code>docs/openapi.yaml</code> of the project and served under{" "}
        <code>/v1</code>.
      </p>
    </main>
  );
}
