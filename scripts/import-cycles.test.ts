import { describe, expect, it } from "vitest";
import { cyclesOf, importGraph } from "./import-cycles.ts";

describe("the import-cycle check", () => {
  it("finds modules importing each other in a circle, through any import form, and nothing else", () => {
    const sources: Record<string, string> = {
      "app/a.ts": 'import { b } from "./b.ts";\n// import { z } from "./z.ts";',
      "app/b.ts": 'export { c } from "./c.ts";',
      "app/c.ts": 'import type { A } from "./a.ts";\nimport "./d.ts";',
      "app/d.ts": 'const e = await import("./e.ts");',
      "app/e.ts": 'import x from "some-package";',
      "app/z.ts": 'import { a } from "./a.ts";',
    };
    const graph = importGraph(Object.keys(sources), (file) => sources[file]);
    expect(cyclesOf(graph)).toEqual([["app/a.ts", "app/b.ts", "app/c.ts"]]);
  });
});
