import { describe, expect, it } from "vitest";
import { fill } from "./index.ts";

const PHOTOS = "{count, plural, one {# photo} other {# photos}} of runner #{n}";

describe("fill", () => {
  it("fills placeholders and leaves unknown ones", () => {
    expect(fill("Runner #{n}, {missing}", { n: 42 })).toBe("Runner #42, {missing}");
  });

  it("picks the form each language's plural rules ask for", () => {
    expect(fill(PHOTOS, { count: 1, n: 7 }, "en")).toBe("1 photo of runner #7");
    expect(fill(PHOTOS, { count: 2, n: 7 }, "en")).toBe("2 photos of runner #7");
    expect(fill(PHOTOS, { count: 0, n: 7 }, "en")).toBe("0 photos of runner #7");
    const fotos = "{count, plural, one {# foto} other {# fotos}}";
    // Portuguese counts 0 as one (CLDR); Spanish does not.
    expect(fill(fotos, { count: 0 }, "br")).toBe("0 foto");
    expect(fill(fotos, { count: 0 }, "es")).toBe("0 fotos");
    expect(fill(fotos, { count: 1 }, "es")).toBe("1 foto");
  });

  it("prefers an exact =n form, falls back to other, and reads a formatted count", () => {
    const text = "{count, plural, =0 {no photos} one {# photo} other {# photos}}";
    expect(fill(text, { count: 0 }, "br")).toBe("no photos");
    expect(fill("{count, plural, other {# fotos}}", { count: 1 }, "es")).toBe("1 fotos");
    expect(fill(text, { count: "2.000" }, "es")).toBe("2.000 photos");
    // A million is "many" in Spanish; without a many form, other.
    expect(fill("{count, plural, one {# foto} many {# de fotos} other {# fotos}}", { count: 1_000_000 }, "es")).toBe("1000000 de fotos");
  });

  it("fills placeholders inside a form, and several counts in one text", () => {
    const text = "{done, plural, one {# photo read} other {# photos read}} · {queued, plural, one {# queued} other {# queued}} in {race}";
    expect(fill(text, { done: 1, queued: 3, race: "Tandil" }, "en")).toBe("1 photo read · 3 queued in Tandil");
  });
});

describe("the texts' counts", () => {
  it("say photos hidden instead of deleted only when there are some", async () => {
    const { ADMIN_MESSAGES } = await import("./admin/index.ts");
    const said = (lang: "es" | "en" | "br", deleted: number, hidden: number) => fill(ADMIN_MESSAGES[lang].tagging.deleted, { deleted, hidden }, lang);
    expect(said("es", 2, 0)).toBe("2 fotos borradas.");
    expect(said("en", 1, 0)).toBe("1 photo deleted.");
    expect(said("br", 0, 2)).toBe("0 fotos excluídas; 2 ocultadas porque já foram vendidas.");
    expect(said("es", 1, 1)).toBe("1 foto borrada; 1 ocultada porque ya se vendió.");
  });

  /** Every string of a texts tree, with its dotted key. */
  function* strings(node: unknown, key = ""): Generator<[string, string]> {
    if (typeof node === "string") yield [key, node];
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* strings(v, key ? `${key}.${k}` : k);
  }

  it("have an `other` form and leave no brace behind, in every language, for 0, 1, 2 and many", async () => {
    const { MESSAGES } = await import("./all.ts");
    const { ADMIN_MESSAGES } = await import("./admin/index.ts");
    let plurals = 0;
    for (const lang of ["es", "en", "br"] as const) {
      for (const [key, text] of [...strings(MESSAGES[lang]), ...strings(ADMIN_MESSAGES[lang])]) {
        if (!text.includes(", plural,")) continue;
        plurals++;
        const names = [...text.matchAll(/\{(\w+)(?:, plural,)?/g)].map((m) => m[1]);
        for (const n of [0, 1, 2, 1_000_000]) {
          const filled = fill(text, Object.fromEntries(names.map((name) => [name, n])), lang);
          expect(filled, `${lang} ${key} for ${n}`).not.toMatch(/[{}]/);
        }
        for (const plural of text.matchAll(/\{\w+, plural,/g)) expect(text.slice(plural.index), `${lang} ${key}`).toMatch(/^[\s\S]*?other \{/);
      }
    }
    expect(plurals).toBeGreaterThan(60);
  });
});
