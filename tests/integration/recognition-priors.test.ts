import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { bibSuggestions, photoBibs, photos, races } from "../../app/.server/db/schema.ts";
import { enqueue } from "../../app/.server/jobs/index.ts";
import { RECOGNIZE_JOB, type PhotoReading, type Recognizer } from "../../app/.server/recognition/index.ts";
import { operatorContext } from "../../app/admin/operator-context.ts";
import { servicesContext } from "../../app/context.ts";
import { adminHref } from "../../app/i18n/admin-href.ts";
import { ADMIN_MESSAGES } from "../../app/i18n/messages/admin/index.ts";
import { loader as cropLoader } from "../../app/routes/admin/api.bib-crop.ts";
import { action as taggingAction } from "../../app/routes/admin/race-tagging.tsx";
import { invite, loginAs } from "./admin-helpers.ts";
import { createTestShop, FIXTURES, plannerRows, recordedRecognizer, type TestShop } from "./helpers.ts";

// Recognition's priors beyond the pixels of one photo: the organiser's start
// list, and the other frames of a burst.

const ADMIN = { email: "boss@dorsal.test", password: "boss-password-1" };

describe("the start list as recognition's prior", () => {
  // tests/fixtures/import-bibs: R001 bib 152, R002 bibs 317 and 1045, R003 none, R004 bib 88 (photos.csv), R005 bib 560.
  let shop: TestShop;
  let raceId: number;
  let admin: Operator;
  const db = () => shop.database.db;
  const found = async (frame: string) => {
    const [photo] = await db()
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, frame)));
    const tags = await db().select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, photo.id));
    const waiting = await db()
      .select()
      .from(bibSuggestions)
      .where(and(eq(bibSuggestions.photoId, photo.id), eq(bibSuggestions.status, "pending")));
    const numeric = (a: number, b: number) => a - b;
    return {
      tagged: tags.map((t) => t.bib).sort(numeric),
      pending: waiting.map((s) => s.bib).sort(numeric),
      doubts: Object.fromEntries(waiting.map((s) => [s.bib, s.doubts])),
    };
  };

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { recognizer: recordedRecognizer("import-bibs") });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    await shop.services.imports.folder(path.join(FIXTURES, "import-bibs"));
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "fixture-bibs-2025"));
  });
  afterAll(() => shop.close());

  it("never tags a number nobody registered, offers the registered bib a digit away, and lists who has no photo", async () => {
    expect((await found("R002")).tagged).toEqual([317, 1045]);
    // 1045 is not registered; 1046 is, one digit away from it; 88 and 560 are registered runners.
    const loaded = await shop.services.admin.bibs.loadStartList(
      admin,
      raceId,
      "dorsal;nombre;distancia;equipo\n152;Ana Paz;21K;\n317;Bruno Díaz;21K;Club Sur\n1046;Carla Gil;10K;\n560;Dino Sosa;10K;\n88;Eva Ruiz;42K;\n999;Fito Páez;42K;\nx;Nadie;;\n",
    );
    // The answer comes at once; the race's photos are decided again by the job worker (a minute for 10,000 photos).
    expect(loaded).toMatchObject({ loaded: true, entrants: 6, redecided: 4, errors: [{ line: 8, problem: "bib", value: "x" }] });
    // Its statistics are gathered at once: the embedded database has no autovacuum to do it later.
    expect(await plannerRows(db(), "start_list")).toBe(6);
    expect((await found("R002")).tagged).toEqual([317, 1045]);
    expect(await shop.services.recognition.progress(raceId)).toMatchObject({ redeciding: true });
    await shop.services.worker.drain();
    expect(await shop.services.recognition.progress(raceId)).toMatchObject({ redeciding: false });
    const r002 = await found("R002");
    expect(r002.tagged).toEqual([317]);
    expect(r002.pending).toEqual([1045, 1046]);
    expect(r002.doubts[1045]).toContain("unregistered");
    expect(r002.doubts[1046]).toContain("near-registered");
    expect((await found("R001")).tagged).toEqual([152]);

    const list = await shop.services.admin.bibs.startList(admin, raceId);
    expect(list).toMatchObject({ entrants: 6, withPhotos: 4, withoutPhotos: 2 });
    expect(list.rows.find((r) => r.bib === 317)).toEqual({ bib: 317, name: "Bruno Díaz", distance: "21K", team: "Club Sur", photos: 1 });
    const missing = await shop.services.admin.bibs.startList(admin, raceId, { withoutPhotos: true });
    expect(missing.rows.map((r) => [r.bib, r.photos])).toEqual([
      [999, 0],
      [1046, 0],
    ]);

    // The operator accepts the registered guess: Carla has her photo.
    const item = (await shop.services.admin.bibs.review(admin, raceId)).queue.items.find((i) => i.bib === 1046)!;
    await shop.services.admin.bibs.decide(admin, item.id, { action: "accept" });
    expect((await shop.services.admin.bibs.startList(admin, raceId)).withoutPhotos).toBe(1);

    // Picking 1046 for that number settled the reading 1045 with it: without the list it does not come back.
    await shop.services.admin.bibs.clearStartList(admin, raceId);
    await shop.services.worker.drain(); // decided again in the background
    expect((await found("R002")).tagged).toEqual([317, 1046]);
    expect((await shop.services.admin.bibs.startList(admin, raceId)).entrants).toBe(0);
  });

  it("lets only admins load the list, shows it to the race's operators, and words every refusal in the screen's language", async () => {
    const { op: assigned } = await invite(shop.services, admin, "assigned@dorsal.test", "photographer", [raceId]);
    const { op: outsider } = await invite(shop.services, admin, "outsider@dorsal.test", "photographer");
    await expect(shop.services.admin.bibs.loadStartList(assigned, raceId, "1,Ana")).rejects.toMatchObject({ code: "Forbidden" });
    await expect(shop.services.admin.bibs.startList(outsider, raceId)).rejects.toMatchObject({ code: "Forbidden" });
    expect(await shop.services.admin.bibs.startList(assigned, raceId)).toMatchObject({ entrants: 0 });

    const context = new RouterContextProvider(
      new Map<never, never>([
        [servicesContext as never, shop.services as never],
        [operatorContext as never, admin as never],
      ]),
    );
    const post = async (lang: "es" | "en" | "br", fields: Record<string, string | Blob>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const url = `http://shop.test${adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" })}`;
      const result = (await taggingAction({
        request: new Request(url, { method: "POST", body: form }),
        params: { raceId: String(raceId) },
        context,
      } as never)) as
        | { data: { ok: boolean; error?: string; lines?: unknown[]; entrants?: number }; init: { status: number } | null }
        | { ok: boolean; entrants: number };
      return "data" in result ? { status: result.init?.status ?? 200, ...result.data } : { status: 200, ...result };
    };
    const csv = (text: string) => new File([text], "inscriptos.csv", { type: "text/csv" });
    expect(await post("en", { intent: "startList", file: csv("bib,name\nabc,Ana\nabc,Bea\n") })).toMatchObject({
      status: 400,
      ok: false,
      error: ADMIN_MESSAGES.en.review.startNothing,
      lines: [
        { line: 2, problem: "bib" },
        { line: 3, problem: "bib" },
      ],
    });
    expect(await post("br", { intent: "startList", file: csv("") })).toMatchObject({ status: 400, error: ADMIN_MESSAGES.br.review.startMissing });
    expect(await post("es", { intent: "startList", file: csv("dorsal,nombre\n152,Ana\n152,Otra\n") })).toMatchObject({
      status: 200,
      ok: true,
      entrants: 1,
      lines: [{ line: 3, problem: "duplicate", value: "152" }],
    });
  });
});

describe("bursts", () => {
  // tests/fixtures/import-burst (scripts/bench/bib-set/burst-fixture.ts): DSC_0101 bib 214 plain to see;
  // DSC_0102 one second later, a hand over the bib; DSC_0103 the same second, another scene; DSC_0160 like 0102, a minute later.
  let shop: TestShop;
  let admin: Operator;
  let raceId: number;
  const db = () => shop.database.db;
  const pendingOf = async (frame: string) =>
    (
      await db()
        .select({ bib: bibSuggestions.bib, evidence: bibSuggestions.evidencePhotoId, doubts: bibSuggestions.doubts, id: bibSuggestions.id })
        .from(bibSuggestions)
        .innerJoin(photos, eq(photos.id, bibSuggestions.photoId))
        .where(and(eq(photos.raceId, raceId), eq(photos.frame, frame), eq(bibSuggestions.status, "pending")))
    ).sort((a, b) => a.bib - b.bib);

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { recognizer: recordedRecognizer("import-burst") });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    await shop.services.imports.folder(path.join(FIXTURES, "import-burst"));
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "fixture-burst-2025"));
  });
  afterAll(() => shop.close());

  it("reads the camera from EXIF and suggests the bib of the burst's first frame for the frame where a hand hides it", async () => {
    const [first] = await db()
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, "DSC_0101")));
    expect(first.camera).toBe("Nikon Z 6II #3021884");
    const tagged = await db().select({ bib: photoBibs.bib, source: photoBibs.source }).from(photoBibs).where(eq(photoBibs.photoId, first.id));
    expect(tagged).toEqual([{ bib: 214, source: "auto" }]);

    const hidden = await pendingOf("DSC_0102");
    expect(hidden).toMatchObject([{ bib: 214, evidence: first.id, doubts: ["burst"] }]);
    // Another scene in the same second, and the same picture a minute later, are not the burst's runner.
    expect(await pendingOf("DSC_0103")).toEqual([]);
    expect(await pendingOf("DSC_0160")).toEqual([]);
    expect((await db().select().from(photoBibs).where(eq(photoBibs.raceId, raceId))).map((t) => t.bib)).toEqual([214]);
  });

  it("shows the proving frame in the review queue, and a decision sticks through a new decision round", async () => {
    const { queue } = await shop.services.admin.bibs.review(admin, raceId);
    expect(queue.items.map((i) => [i.frame, i.bib, i.evidence?.frame])).toEqual([["DSC_0102", 214, "DSC_0101"]]);
    const item = queue.items[0];

    const context = new RouterContextProvider(
      new Map<never, never>([
        [servicesContext as never, shop.services as never],
        [operatorContext as never, admin as never],
      ]),
    );
    const crop = (query: string) =>
      cropLoader({
        request: new Request(`http://shop.test/admin/api/bibs/${item.id}/crop?${query}`),
        params: { suggestionId: String(item.id) },
        context,
      } as never) as Promise<Response>;
    for (const query of ["w=200", "w=200&of=evidence"]) {
      const response = await crop(query);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(200);
    }

    await shop.services.recognition.redecide(raceId);
    expect(await pendingOf("DSC_0102")).toMatchObject([{ bib: 214, doubts: ["burst"] }]);
    const again = (await shop.services.admin.bibs.review(admin, raceId)).queue.items[0];
    await shop.services.admin.bibs.decide(admin, again.id, { action: "accept" });
    await shop.services.recognition.redecide(raceId);
    expect(await pendingOf("DSC_0102")).toEqual([]);
    const [hidden] = await db()
      .select()
      .from(photos)
      .where(and(eq(photos.raceId, raceId), eq(photos.frame, "DSC_0102")));
    expect(await db().select({ bib: photoBibs.bib, source: photoBibs.source }).from(photoBibs).where(eq(photoBibs.photoId, hidden.id))).toEqual([
      { bib: 214, source: "manual" },
    ]);
  });
});

/**
 * The burst fixture read by a recognizer whose answers a test sets: each frame
 * reads the numbers in `answers` (none by default), each at the place of
 * DSC_0101's bib, as sure as given.
 */
function scriptedBurstRecognizer() {
  const recorded: Record<string, PhotoReading & { file: string }> = JSON.parse(fs.readFileSync(path.join(FIXTURES, "import-burst.readings.json"), "utf8"));
  const byFile = new Map(Object.entries(recorded).map(([hash, { file, ...reading }]) => [file, { hash, reading }]));
  const answers = new Map<string, { text: string; sure: number }[]>();
  const recognizer: Recognizer = {
    async read(image) {
      const hash = createHash("sha256")
        .update(typeof image === "string" ? fs.readFileSync(image) : image)
        .digest("hex");
      const [file, { reading }] = [...byFile].find(([, r]) => r.hash === hash)!;
      const place = byFile.get("DSC_0101.jpg")!.reading.lines[0];
      const lines = (answers.get(file) ?? []).map(({ text, sure }) => ({
        ...place,
        text,
        confidences: [...text].map(() => sure),
        wide: { text, confidences: [...text].map(() => sure) },
      }));
      return { ...reading, lines };
    },
  };
  return { recognizer, answers };
}

/** A frame's bibs and open suggestions. */
async function frameState(db: TestShop["database"]["db"], raceId: number, frame: string) {
  const [{ id }] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.raceId, raceId), eq(photos.frame, frame)));
  const tags = await db.select({ bib: photoBibs.bib }).from(photoBibs).where(eq(photoBibs.photoId, id));
  const open = await db
    .select({ id: bibSuggestions.id, bib: bibSuggestions.bib, doubts: bibSuggestions.doubts, evidence: bibSuggestions.evidencePhotoId })
    .from(bibSuggestions)
    .where(and(eq(bibSuggestions.photoId, id), eq(bibSuggestions.status, "pending")));
  return { id, tagged: tags.map((t) => t.bib), pending: open.sort((a, b) => a.bib - b.bib) };
}

describe("a number one digit short of the bib its burst shows", () => {
  // The burst fixture again: DSC_0101 (the runner in plain view) reads "214" at the bib's place, as if
  // a digit were covered; DSC_0102, a second later, reads the whole "1214" there once read again.
  const { recognizer, answers } = scriptedBurstRecognizer();
  answers.set("DSC_0101.jpg", [{ text: "214", sure: 0.99 }]);
  let shop: TestShop;
  let raceId: number;
  const db = () => shop.database.db;
  const idOf = async (frame: string) => (await frameState(db(), raceId, frame)).id;
  const state = async (frame: string) => {
    const { tagged, pending } = await frameState(db(), raceId, frame);
    return { tagged, pending: pending.map(({ id: _, ...p }) => p) };
  };

  beforeAll(async () => {
    shop = await createTestShop({}, { recognizer });
    await shop.services.imports.folder(path.join(FIXTURES, "import-burst"));
    await shop.services.worker.drain();
    [{ id: raceId }] = await db().select({ id: races.id }).from(races).where(eq(races.slug, "fixture-burst-2025"));
  });
  afterAll(() => shop.close());

  it("is tagged while no frame says more, and waits for a person once the next frame proves the longer bib there", async () => {
    expect((await state("DSC_0101")).tagged).toEqual([214]);

    answers.set("DSC_0102.jpg", [{ text: "1214", sure: 0.99 }]);
    await enqueue(db(), RECOGNIZE_JOB, { photoId: await idOf("DSC_0102"), force: true }, { uniqueKey: "recognize:again:0102" });
    await shop.services.worker.drain();
    expect(await state("DSC_0102")).toMatchObject({ tagged: [1214], pending: [] });
    const cut = await state("DSC_0101");
    expect(cut.tagged).toEqual([]);
    expect(cut.pending).toEqual([
      { bib: 214, doubts: expect.arrayContaining(["burst-cut"]), evidence: null },
      { bib: 1214, doubts: ["burst"], evidence: await idOf("DSC_0102") },
    ]);

    // The same from the stored readings, whichever frame is decided first.
    await shop.services.recognition.redecide(raceId);
    expect(await state("DSC_0101")).toEqual(cut);
    expect((await state("DSC_0102")).tagged).toEqual([1214]);
  });
});

describe("a person's word in the review queue reaches the burst at once", () => {
  // DSC_0101 reads "214" too unsure to tag; DSC_0102, a second later, a hand over the bib, reads nothing.
  const { recognizer, answers } = scriptedBurstRecognizer();
  answers.set("DSC_0101.jpg", [{ text: "214", sure: 0.5 }]);
  let shop: TestShop;
  let admin: Operator;
  let raceId: number;
  const state = (frame: string) => frameState(shop.database.db, raceId, frame);

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { recognizer });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    await shop.services.imports.folder(path.join(FIXTURES, "import-burst"));
    await shop.services.worker.drain();
    [{ id: raceId }] = await shop.database.db.select({ id: races.id }).from(races).where(eq(races.slug, "fixture-burst-2025"));
  });
  afterAll(() => shop.close());

  it("offers a bib accepted on one frame to the frame where it is hidden, and withdraws it when the bib is taken away", async () => {
    const unsure = await state("DSC_0101");
    expect(unsure).toMatchObject({ tagged: [], pending: [{ bib: 214, evidence: null }] });
    expect((await state("DSC_0102")).pending).toEqual([]);

    // The review screen is told to read its queue again.
    expect(await shop.services.admin.bibs.decide(admin, unsure.pending[0].id, { action: "accept" })).toMatchObject({ burstChanged: true });
    expect(await state("DSC_0102")).toMatchObject({ tagged: [], pending: [{ bib: 214, doubts: ["burst"], evidence: unsure.id }] });
    // Another scene in the same second is not the burst's runner.
    expect((await state("DSC_0103")).pending).toEqual([]);

    // The operator takes the bib off DSC_0101 at the tagging desk: it proves nothing any more.
    await shop.services.admin.photos.tag(admin, unsure.id, { bibs: [], tagIds: [] });
    expect(await state("DSC_0102")).toMatchObject({ tagged: [], pending: [] });
    // Nor does a new decision round bring it back.
    await shop.services.recognition.redecide(raceId);
    expect((await state("DSC_0101")).tagged).toEqual([]);
    expect((await state("DSC_0102")).pending).toEqual([]);
  });

  it("withdraws what an automatic tag proved when a person undoes it", async () => {
    // DSC_0101 read again, sure of a longer number this time.
    answers.set("DSC_0101.jpg", [{ text: "1214", sure: 0.99 }]);
    const first = await state("DSC_0101");
    await enqueue(shop.database.db, RECOGNIZE_JOB, { photoId: first.id, force: true }, { uniqueKey: "recognize:again:0101" });
    await shop.services.worker.drain();
    expect((await state("DSC_0101")).tagged).toEqual([1214]);
    expect((await state("DSC_0102")).pending).toMatchObject([{ bib: 1214, doubts: ["burst"], evidence: first.id }]);

    expect(await shop.services.admin.bibs.undoAuto(admin, first.id, 1214)).toMatchObject({ burstChanged: true });
    expect((await state("DSC_0101")).tagged).toEqual([]);
    expect((await state("DSC_0102")).pending).toEqual([]);
  });
});
