import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context.ts";
import { bibSuggestions, catalogVersion, photos } from "../../app/.server/db/index.ts";
import { loader } from "../../app/routes/api.fotos.ts";
import { createTestShop, FIXTURES, type TestShop } from "./helpers.ts";

describe("GET /api/fotos/{slug}", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
    await shop.services.imports.folder(path.join(FIXTURES, "import-basic"));
    await shop.services.worker.drain();
  });
  afterAll(() => shop.close());

  async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
    const url = new URL(pathAndQuery, "http://shop.test");
    const slug = decodeURIComponent(url.pathname.split("/").pop()!);
    const context = new RouterContextProvider(new Map([[servicesContext, shop.services]]));
    const response = (await loader({ request: new Request(url, { headers }), params: { slug }, context } as never)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  it("answers the spec's race-page fields inside a data envelope", async () => {
    const { status, body } = await get("/api/fotos/fixture-trail-2025?p=1");
    expect(status).toBe(200);
    const data = body.data;
    for (const field of ["fotos", "found_rows", "found_pages", "previous", "next", "uploading", "tags", "fullin_arg", "fullin_usd", "fullin_fotos"]) {
      expect(data).toHaveProperty(field);
    }
    expect(data).toMatchObject({ found_rows: 3, found_pages: 1, previous: null, next: null, uploading: false, fullin_fotos: 2 });
    expect(data.tags).toEqual([{ slug: "largada", nombre: "Largada" }]);
    const photo = data.fotos[0];
    expect(Object.keys(photo)).toEqual(
      expect.arrayContaining(["id", "id_photo", "fechahora", "src_thumb", "src_media", "free", "precio_arg", "precio_usd", "descuento_arg", "descuento_usd"]),
    );
    expect(photo.fechahora).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof photo.precio_arg).toBe("number");
    expect(["0", "1"]).toContain(photo.free);
  });

  it("names tags in the request's language", async () => {
    expect((await get("/api/fotos/fixture-trail-2025?lang=en")).body.data.tags).toEqual([{ slug: "largada", nombre: "Start" }]);
    const viaReferer = await get("/api/fotos/fixture-trail-2025", { referer: "http://shop.test/br/carreira/fixture-trail-2025" });
    expect(viaReferer.body.data.tags[0].nombre).toBe("Largada");
  });

  it("filters by runner (with a leading plus) and by tag, free photos first", async () => {
    const runner = (await get("/api/fotos/fixture-trail-2025?n=%2B101")).body.data;
    expect(runner.found_rows).toBe(2);
    expect(runner.fullin_arg).toBe(7000);
    const tag = (await get("/api/fotos/fixture-trail-2025?t=largada")).body.data;
    expect(tag.fotos.map((p: { id_photo: string }) => p.id_photo)).toEqual(["A001"]);
    const all = (await get("/api/fotos/fixture-trail-2025")).body.data;
    expect(all.fotos[0].free).toBe("1");
  });

  it("pages past the end with an empty list, keeping the counts", async () => {
    const { status, body } = await get("/api/fotos/fixture-trail-2025?p=5");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ fotos: [], found_rows: 3, found_pages: 1, next: null });
    expect(body.data.previous).toContain("p=1");
  });

  it("shows the photos taken around a time in shooting order, and the runner's chip passings", async () => {
    // A001 09:00:05, A002 09:01:10 (free), A003 09:02:20; "around 09:06" reaches back to 09:01.
    const around = (await get("/api/fotos/fixture-trail-2025?h=9:06")).body.data;
    expect(around).toMatchObject({ h: "09:06", found_rows: 2, n: null });
    expect(around.fotos.map((p: { id_photo: string }) => p.id_photo)).toEqual(["A002", "A003"]);
    expect((await get("/api/fotos/fixture-trail-2025?h=09:06&t=largada")).body.data.found_rows).toBe(0);
    expect((await get("/api/fotos/fixture-trail-2025?h=08:56&t=largada")).body.data.fotos.map((p: { id_photo: string }) => p.id_photo)).toEqual(["A001"]);
    expect((await get("/api/fotos/fixture-trail-2025?h=12:00")).body.data).toMatchObject({ found_rows: 0, fotos: [] });

    const raceId = around.id as number;
    expect((await get("/api/fotos/fixture-trail-2025?n=101")).body.data.passings).toEqual([]);
    await shop.services.recognition.loadTimingFile(raceId, "101,09:00:03\n102,09:01:09\n");
    await shop.services.worker.drain(); // decided again in the background
    expect((await get("/api/fotos/fixture-trail-2025?n=101")).body.data.passings).toEqual(["2025-05-04 09:00:03"]);
  });

  it("shows a runner the photos a pending suggestion says might be theirs, apart from the tagged ones", async () => {
    const { db } = shop.database;
    const frames = await db.select({ id: photos.id, frame: photos.frame, raceId: photos.raceId }).from(photos);
    const id = (frame: string) => frames.find((f) => f.frame === frame)!.id;
    const raceId = frames[0].raceId;
    const box = { cx: 100, cy: 100, width: 80, height: 40, angle: 0 };
    // 777's covered digit read in A002; 101 suggested where it is tagged already (A003); 555 turned down by a person.
    const [maybe] = await db
      .insert(bibSuggestions)
      .values([
        { photoId: id("A002"), raceId, bib: 777, confidence: 0.4, box, doubts: ["covered"] },
        { photoId: id("A003"), raceId, bib: 101, confidence: 0.5, box },
        { photoId: id("A001"), raceId, bib: 555, confidence: 0.5, box, status: "rejected" },
      ])
      .returning();

    const own = (await get("/api/fotos/fixture-trail-2025?n=777")).body.data;
    expect(own).toMatchObject({ found_rows: 0, fotos: [], m: false, maybe: 1 });
    const mightBe = (await get("/api/fotos/fixture-trail-2025?n=777&m=1")).body.data;
    expect(mightBe).toMatchObject({ found_rows: 1, m: true, maybe: 1, n: 777 });
    expect(mightBe.fotos.map((p: { id_photo: string }) => p.id_photo)).toEqual(["A002"]);
    // Tagged already: among the runner's own photos, not offered again.
    expect((await get("/api/fotos/fixture-trail-2025?n=101")).body.data).toMatchObject({ found_rows: 2, maybe: 0 });
    expect((await get("/api/fotos/fixture-trail-2025?n=101&m=1")).body.data).toMatchObject({ found_rows: 0, fotos: [] });
    // Turned down by a person: nobody's maybe.
    expect((await get("/api/fotos/fixture-trail-2025?n=555")).body.data.maybe).toBe(0);
    // The other filters hold: A002 carries no "largada" tag.
    expect((await get("/api/fotos/fixture-trail-2025?n=777&m=1&t=largada")).body.data.found_rows).toBe(0);
    expect((await get("/api/fotos/fixture-trail-2025?m=1&n=777&p=2")).body.data.previous).toContain("m=1");

    // Deciding the suggestion reaches cached pages: it moves the catalog's progress.
    const before = await db.select().from(catalogVersion);
    await shop.services.recognition.reject(maybe.id);
    const after = await db.select().from(catalogVersion);
    expect(after[0].progress).toBeGreaterThan(before[0].progress);
    expect((await get("/api/fotos/fixture-trail-2025?n=777")).body.data.maybe).toBe(0);
    await db.delete(bibSuggestions);
  });

  it("refuses bad parameters with a 4xx and a localized message, never a 500", async () => {
    expect((await get("/api/fotos/fixture-trail-2025?h=25:00&lang=en")).body.error.message).toBe("The time must look like HH:MM.");
    expect((await get("/api/fotos/fixture-trail-2025?m=1&lang=en")).body.error.message).toMatch(/runner number/);
    for (const bad of ["p=0", "p=abc", "n=0", "n=12a", "t=%3Cscript%3E", "h=9", "h=%3Cb%3E", "m=1", "n=5&m=yes"]) {
      const { status, body } = await get(`/api/fotos/fixture-trail-2025?${bad}&lang=en`);
      expect(status, bad).toBe(400);
      expect(body.error.message).toMatch(/\w/);
    }
    const missing = await get("/api/fotos/no-such-race?lang=es");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("La carrera «no-such-race» no existe.");
  });
});
