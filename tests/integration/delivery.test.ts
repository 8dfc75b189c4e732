import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, orders } from "../../app/.server/db/schema.ts";
import { action as createZip } from "../../app/routes/api.create-zip.ts";
import { action as download } from "../../app/routes/api.download.ts";
import { loader as file } from "../../app/routes/download.ts";
import { loader as purchaseDetail } from "../../app/routes/api.purchase-detail.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { createTestShop, type TestShop } from "./helpers.ts";
import { buyer, call, cartItem, outbox, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

describe("downloads, zips and purchase e-mails", () => {
  let shop: TestShop;
  let race: OrdersRace;
  let paid: { id: string; link: string };
  let unpaid: { id: string; link: string };
  const twelve = Array.from({ length: 12 }, (_, i) => `P${String(i + 1).padStart(2, "0")}`);

  async function buy(frames: string[], email: string) {
    const { body } = await call(shop, purchase, "/api/purchase?lang=en", {
      method: "POST",
      body: { data: { ...buyer({ email, confirmEmail: email }), images: frames.map((f) => cartItem(race.ids[f])) } },
    });
    return body.data as { id: string; link: string };
  }
  async function approve(link: string) {
    const token = link.split("/").pop()!;
    await call(shop, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: "outcome=approved",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }
  const downloadOf = (id: string, photo: string | number) =>
    call(shop, download, "/api/download?lang=en", { method: "POST", body: { data: { id, id_photo: photo } } });
  const fetchFile = async (url: string) => {
    const token = url.split("/download/")[1];
    const res = await call(shop, file, `/download/${token}`, { params: { token } });
    return { ...res, bytes: Buffer.from(await res.response.arrayBuffer()) };
  };

  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
    paid = await buy([...twelve, "B16"], "buyer@example.com");
    await approve(paid.link);
    unpaid = await buy(["S14"], "later@example.com");
    await shop.services.worker.drain();
  });
  afterAll(() => shop.close());

  it("refuses downloads of an unpaid purchase (402), of a photo not bought (403) and of an unknown purchase (404)", async () => {
    const unpaidTry = await downloadOf(unpaid.id, race.ids.S14);
    expect(unpaidTry.status).toBe(402);
    expect(unpaidTry.body.error.message).toBe("The purchase has not been paid yet.");
    const foreign = await downloadOf(paid.id, race.ids.S14);
    expect(foreign.status).toBe(403);
    expect((await downloadOf("NoSuchOrder1234", race.ids.P01)).status).toBe(404);
    expect((await downloadOf(paid.id, "../../etc")).status).toBe(400);
  });

  it("serves the sold file through a short-lived signed link: JPEG, ≤ 3500 px, 300 dpi, no watermark", async () => {
    const { status, body } = await downloadOf(paid.id, race.ids.B16);
    expect(status).toBe(200);
    expect(body.data.img).toMatch(/^http:\/\/shop\.test\/download\/[\w-]+\.[\w-]+$/);
    const got = await fetchFile(body.data.img);
    expect(got.status).toBe(200);
    expect(got.response.headers.get("content-type")).toBe("image/jpeg");
    expect(got.response.headers.get("content-disposition")).toBe(`attachment; filename="foto-${race.ids.B16}.jpg"`);
    const meta = await sharp(got.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 3500, height: 2333, density: 300 });
    // Compared with the original scaled the same way, no watermark shows: the pixels barely differ.
    const original = await sharp(fs.readFileSync(path.join(shop.dataDir, "files", "originals", String(race.raceId), `${await shaOf(race.ids.B16)}.jpg`)))
      .resize(350, 233, { fit: "fill" })
      .raw()
      .toBuffer();
    const sold = await sharp(got.bytes).resize(350, 233, { fit: "fill" }).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < sold.length; i++) diff += Math.abs(sold[i] - original[i]);
    expect(diff / sold.length).toBeLessThan(3);

    const tampered = await fetchFile(body.data.img.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")));
    expect(tampered.status).toBe(403);
  });

  async function shaOf(publicId: string) {
    const rows = await shop.database.db.execute(sql`select sha256 from photos where public_id = ${publicId}`);
    return (rows as unknown as { rows: { sha256: string }[] }).rows[0].sha256;
  }

  it("stops serving a link once the purchase is refunded", async () => {
    const other = await buy(["P01"], "refund@example.com");
    await approve(other.link);
    const { body } = await downloadOf(other.id, race.ids.P01);
    await shop.database.db.update(orders).set({ state: 5 }).where(eq(orders.publicId, other.id));
    expect((await fetchFile(body.data.img)).status).toBe(402);
  });

  it("builds the zip once, in a job, and serves it with every photo", async () => {
    const first = await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: paid.id } } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ zip_file: null, status: "processing" });
    const second = await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: paid.id } } });
    expect(second.body.data.zip_file).toBeNull();
    const queued = await shop.database.db.select().from(jobs).where(eq(jobs.type, "order.zip"));
    expect(queued).toHaveLength(1);

    const waiting = await call(shop, purchaseDetail, `/api/purchase/${paid.id}`, { params: { id: paid.id } });
    expect(waiting.body.data.zip_file).toBeNull();
    expect(waiting.body.data.zip_progress).toBe(0);

    await shop.services.worker.drain();
    const ready = await call(shop, purchaseDetail, `/api/purchase/${paid.id}`, { params: { id: paid.id } });
    expect(ready.body.data.zip_file).toMatch(/^http:\/\/shop\.test\/download\//);
    const again = await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: paid.id } } });
    expect(again.body.data).toMatchObject({ status: "ready" });
    expect(await shop.database.db.select().from(jobs).where(eq(jobs.type, "order.zip"))).toHaveLength(1);

    const zip = await fetchFile(ready.body.data.zip_file);
    expect(zip.response.headers.get("content-type")).toBe("application/zip");
    expect(zip.response.headers.get("content-disposition")).toBe(`attachment; filename="fotos-${paid.id}.zip"`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-"));
    fs.writeFileSync(path.join(dir, "all.zip"), zip.bytes);
    const listing = execFileSync("unzip", ["-Z1", path.join(dir, "all.zip")], { encoding: "utf8" })
      .trim()
      .split("\n")
      .sort();
    expect(listing).toEqual([...twelve, "B16"].map((f) => `foto-${race.ids[f]}.jpg`).sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a zip for fewer than 10 photos or an unpaid purchase", async () => {
    const small = await buy(["P02", "P03"], "small@example.com");
    await approve(small.link);
    expect((await call(shop, createZip, "/api/create_zip?lang=en", { method: "POST", body: { data: { id: small.id } } })).status).toBe(403);
    expect((await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: unpaid.id } } })).status).toBe(402);
  });

  it("writes the purchase e-mails to the outbox in the buyer's language, with the purchase link", async () => {
    const mails = outbox(shop).filter((m) => m.includes("buyer@example.com"));
    const received = mails.find((m) => m.includes("X-Dorsal-Template: orderReceived"));
    const ready = mails.find((m) => m.includes("X-Dorsal-Template: purchaseReady"));
    expect(received).toBeDefined();
    expect(ready).toBeDefined();
    expect(ready).toContain("Content-Language: en");
    expect(ready).toContain(`http://shop.test/en/purchase/${paid.id}`);
    // The Message-ID was made when the mail was queued: a delivery repeated after a crash is the same message.
    const queued = await shop.database.db.select().from(jobs).where(eq(jobs.type, "mail.send"));
    const ids = queued.map((j) => (j.payload as { messageId?: string }).messageId);
    const sentId = /Message-ID: (<[^>]+>)/i.exec(ready!)?.[1];
    expect(sentId).toMatch(/^<[0-9a-f-]{36}@shop\.test>$/);
    expect(ids).toContain(sentId);
    const order = (await shop.database.db.select().from(orders).where(eq(orders.publicId, paid.id)))[0];
    expect(order.state).toBe(3);
  });
});
