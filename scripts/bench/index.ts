// `npm run bench [-- name…]`: benchmarks that print figures (tests never time anything).
const BENCHES: Record<string, () => Promise<void>> = {
  images: async () => (await import("./images.ts")).benchImages(),
  catalog: async () => (await import("./catalog.ts")).benchCatalog(),
  bibs: async () => (await import("./bibs.ts")).benchBibs(),
  import: async () => (await import("./import.ts")).benchImport(),
  decide: async () => (await import("./decide.ts")).benchDecide(),
  http: async () => (await import("./http.ts")).benchHttp(),
  pages: async () => (await import("./pages.ts")).benchPages(),
  queue: async () => (await import("./queue.ts")).benchQueue(),
};

// Names first, then options for the benchmarks (e.g. `bibs --limit 40`).
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith("-"));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(1);
}
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  console.log(`\n== ${name} ==`);
  await BENCHES[name]();
}

export {};
