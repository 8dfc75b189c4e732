import { describe, expect, it } from "vitest";
import { missingServerFlags, SERVER_FLAGS } from "./server-flags.ts";

describe("the server's V8 flags", () => {
  it("are all added to a plain `node server.ts`", () => {
    expect(missingServerFlags([])).toEqual(SERVER_FLAGS);
  });

  it("leave a flag the command line sets, to whatever value, as given", () => {
    expect(missingServerFlags(["--max-semi-space-size=64", "--inspect"])).toEqual(["--liftoff-only", "--heap-growing-percent=25"]);
    expect(missingServerFlags(["--no-liftoff-only", "--heap-growing-percent=40"])).toEqual(["--max-semi-space-size=16"]);
    expect(missingServerFlags([...SERVER_FLAGS])).toEqual([]);
  });
});
