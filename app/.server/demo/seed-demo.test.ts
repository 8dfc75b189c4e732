import { describe, expect, it } from "vitest";
import { DEMO_RACES } from "./demo-races.ts";
import { planPhotos } from "./seed-demo.ts";

describe("demo photo plan", () => {
  const tetra = DEMO_RACES.find((r) => r.file.slug === "tetra-chapelco-2025")!;
  const photos = planPhotos(tetra, tetra.plan!, 17);

  it("gives every featured tetra-chapelco bib enough photos for its full-set offer", () => {
    for (const bib of [...Array.from({ length: 11 }, (_, i) => 300 + i), 401, 402, 403, 404]) {
      const count = photos.filter((p) => p.bibs.includes(bib)).length;
      expect(count).toBeGreaterThanOrEqual(tetra.file.fullset!.min_photos);
    }
  });

  it("is deterministic, never prices a free photo on sale, and keeps time moving forward", () => {
    expect(planPhotos(tetra, tetra.plan!, 17)).toEqual(photos);
    expect(photos.some((p) => p.free && p.sale)).toBe(false);
    expect(photos.some((p) => p.free)).toBe(true);
    expect(photos.some((p) => p.sale)).toBe(true);
    expect(photos.some((p) => p.bibs.length === 0)).toBe(true);
  });

  it("has the shop's required variety", () => {
    expect(DEMO_RACES.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_RACES.some((r) => (r.plan?.count ?? 0) >= 2000)).toBe(true);
    expect(DEMO_RACES.some((r) => r.file.status === "preparing" && r.file.uploading)).toBe(true);
    expect(DEMO_RACES.some((r) => r.file.preorder?.open)).toBe(true);
  });
});
