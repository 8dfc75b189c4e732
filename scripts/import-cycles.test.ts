import { describe, expect, it } from "vitest";
import { cyclesOf, doorViolations, importGraph } from "./import-cycles.ts";

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

describe("the door check", () => {
  it("lets other modules import a server module only through its index.ts, and tests anything", () => {
    const sources: Record<string, string> = {
      "app/.server/db/index.ts": 'export * from "./client.ts";',
      "app/.server/db/client.ts": "export const db = 1;",
      "app/.server/orders/sale.ts": 'import { db } from "../db/index.ts";\nimport { x } from "./other.ts";',
      "app/.server/orders/other.ts": 'import { db } from "../db/client.ts";',
      "app/routes/page.tsx": 'import { db } from "../.server/db/client.ts";',
      "tests/integration/a.test.ts": 'import { db } from "../../app/.server/db/client.ts";',
    };
    const graph = importGraph(Object.keys(sources), (file) => sources[file]);
    expect(doorViolations(graph)).toEqual(["app/.server/orders/other.ts → app/.server/db/client.ts", "app/routes/page.tsx → app/.server/db/client.ts"]);
  });
});
