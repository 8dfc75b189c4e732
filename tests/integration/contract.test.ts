import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/.server/db/client.ts";
import { orders } from "../../app/.server/db/schema.ts";
import { moveOrder } from "../../app/.server/orders/index.ts";
import { action as claimApi } from "../../app/routes/api.claim.ts";
import { action as contactEmail } from "../../app/routes/api.contact-email.ts";
import { action as createZip } from "../../app/routes/api.create-zip.ts";
import { action as download } from "../../app/routes/api.download.ts";
import { loader as fotos } from "../../app/routes/api.fotos.ts";
import { loader as prepurchase } from "../../app/routes/api.prepurchase.ts";
import { action as preventa } from "../../app/routes/api.preventa.ts";
import { loader as preventaRace } from "../../app/routes/api.preventa-race.ts";
import { loader as purchaseDetail } from "../../app/routes/api.purchase-detail.ts";
import { action as purchase } from "../../app/routes/api.purchase.ts";
import { loader as fakeApi } from "../../app/routes/fake-api.ts";
import { loader as preparation } from "../../app/routes/api.preparacion.ts";
import { loader as corredores } from "../../app/routes/api.corredores.ts";
import { action as payDemo } from "../../app/routes/pay-demo.tsx";
import { createTestShop, type TestShop } from "./helpers.ts";
import { ORDERS_RACE, buyer, call as rawCall, cartItem, seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";
import { API_OPERATIONS, type ApiOperation } from "../../app/.server/web/openapi.ts";
import { loader as openapi } from "../../app/routes/api.openapi.ts";

// Every call of SPEC §7, field by field and type by type, as the storefront and
// outside scripts read them.

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const PHOTO_FIELDS = ["id", "id_photo", "fechahora", "src_thumb", "src_media", "free", "precio_arg", "precio_usd", "descuento_arg", "descuento_usd"];

function expectPhoto(photo: Record<string, unknown>) {
  expect(Object.keys(photo)).toEqual(expect.arrayContaining(PHOTO_FIELDS));
  expect(photo.id).toEqual(expect.any(String));
  expect(photo.id_photo).toEqual(expect.any(String));
  expect(photo.fechahora).toMatch(DATE);
  expect(photo.src_thumb).toMatch(/^http:\/\/shop\.test\/media\//);
  expect(photo.src_media).toMatch(/^http:\/\/shop\.test\/media\//);
  expect(["0", "1"]).toContain(photo.free);
  for (const f of ["precio_arg", "precio_usd", "descuento_arg", "descuento_usd"]) expect(photo[f], f).toEqual(expect.any(Number));
}

function expectPurchase(data: Record<string, any>, state: number, paid: boolean) {
  expect(Object.keys(data)).toEqual(expect.arrayContaining(["venta", "cliente", "fotos", "pagado", "link", "zip_file"]));
  const v = data.venta;
  expect(Object.keys(v)).toEqual(
    expect.arrayContaining([
      "id",
      "id_estado",
      "tot_fotos",
      "subtotal_arg",
      "total_arg",
      "subtotal_usd",
      "total_usd",
      "id_mediodepago",
      "mediodepago",
      "fechaventa",
      "fechapago",
    ]),
  );
  expect(v.id).toEqual(expect.any(String));
  expect(v.id_estado).toBe(state);
  expect(v.tot_fotos).toBe(data.fotos.length);
  for (const f of ["subtotal_arg", "total_arg", "subtotal_usd", "total_usd", "id_mediodepago"]) expect(v[f], f).toEqual(expect.any(Number));
  expect(v.mediodepago).toEqual(expect.any(String));
  expect(v.fechaventa).toMatch(DATE);
  if (paid) expect(v.fechapago).toMatch(DATE);
  expect(data.cliente).toEqual({ nombre: expect.any(String), apellido: expect.any(String), email: expect.any(String) });
  data.fotos.forEach(expectPhoto);
  expect(data.pagado).toBe(paid);
}

/** The documented operation a call reached, by method and path template. */
function operationFor(method: string, pathname: string): ApiOperation | undefined {
  return API_OPERATIONS.find((op) => op.method === method.toLowerCase() && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname));
}

/** The operations whose answers these tests held to the OpenAPI document. */
const checked = new Set<string>();

/**
 * Every call of these tests, its answer held to the schema the OpenAPI
 * document gives for its path, method and status.
 */
async function call(...args: Parameters<typeof rawCall>): ReturnType<typeof rawCall> {
  const result = await rawCall(...args);
  const [, , url, options] = args;
  const { pathname } = new URL(url, "http://shop.test");
  if (!pathname.startsWith("/api/") || pathname === "/api/openapi.json") return result;
  const method = options?.method ?? "GET";
  const op = operationFor(method, pathname);
  expect(op, `${method} ${pathname} is in the OpenAPI document`).toBeDefined();
  const documented = op!.responses[result.status];
  expect(documented, `${method} ${op!.path} answering ${result.status} is in the OpenAPI document`).toBeDefined();
  const parsed = documented.schema.safeParse(result.body);
  expect(parsed.success, `${method} ${op!.path} ${result.status}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  checked.add(`${op!.method} ${op!.path}`);
  return result;
}

describe("SPEC §7 contract", () => {
  let shop: TestShop;
  let race: OrdersRace;
  const ids: Record<string, string> = {};
  const buy = async (frames: string[], email: string) =>
    (
      await call(shop, purchase, "/api/purchase", {
        method: "POST",
        body: { data: { ...buyer({ email, confirmEmail: email }), images: frames.map((f) => cartItem(race.ids[f])) } },
      })
    ).body;
  const approve = (link: string) => {
    const token = link.split("/").pop()!;
    return call(shop, payDemo, `/pay/demo/${token}`, {
      method: "POST",
      body: "outcome=approved",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  };
  const getPurchase = async (id: string) => (await call(shop, purchaseDetail, `/api/purchase/${id}`, { params: { id } })).body.data;

  beforeAll(async () => {
    shop = await createTestShop();
    race = await seedOrdersRace(shop);
    const pending = await buy(["P01"], "pending@example.com");
    ids.pending = pending.data.id;
    const paid = await buy(["P02", "S14", "F13"], "paid@example.com");
    ids.paid = paid.data.id;
    await approve(paid.data.link);
    const refunded = await buy(["P03"], "refunded@example.com");
    ids.refunded = refunded.data.id;
    await approve(refunded.data.link);
    await shop.services.worker.drain();
    // Refunded as the back office does it: through the state machine, with its reason.
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.publicId, ids.refunded));
    await shop.database.db.transaction((tx) =>
      moveOrder(tx as unknown as Db, row.id, 5, { code: "manual", move: "refunded", by: "test", reason: "wrong runner" }),
    );
  });
  afterAll(() => shop.close());

  it("static files: races, banners, pre-sale, discounts", async () => {
    for (const file of ["carreras.json", "banners.json", "preventa.json", "descuentos.json"]) {
      const res = await call(shop, fakeApi, `/fake-api/${file}?v=123`, { params: { file } });
      expect(res.status, file).toBe(200);
      // Any version query answers the same, and nothing is kept without asking again: a new version shows at once.
      expect((await call(shop, fakeApi, `/fake-api/${file}?v=other`, { params: { file } })).body, file).toEqual(res.body);
      expect(res.response.headers.get("cache-control"), file).toMatch(/no-cache/);
    }
    const banners = (await call(shop, fakeApi, "/fake-api/banners.json", { params: { file: "banners.json" } })).body;
    expect(Array.isArray(banners)).toBe(true);
    for (const banner of banners) expect(banner.img).toEqual(expect.any(String));
    const presale = (await call(shop, fakeApi, "/fake-api/preventa.json", { params: { file: "preventa.json" } })).body;
    expect(presale.active).toEqual(expect.any(Boolean));
    const tiers = (await call(shop, fakeApi, "/fake-api/descuentos.json", { params: { file: "descuentos.json" } })).body;
    expect(tiers[0]).toEqual({ id: expect.any(Number), cantidad: 3, descuento: 15 });
    const list = (await call(shop, fakeApi, "/fake-api/carreras.json", { params: { file: "carreras.json" } })).body;
    expect(list[0]).toMatchObject({ slug: ORDERS_RACE, fullin_arg: 30000, fullin_usd: 30, fullin_fotos: 3, preventa_arg: 40000, preventa_usd: 40 });
    for (const f of ["id", "slug", "nombre", "subtitulo", "logoUrl", "imageUrl", "uploading", "precio_arg", "precio_usd"]) expect(list[0], f).toHaveProperty(f);
    expect(list[0].uploading).toEqual(expect.any(Boolean));
  });

  it("GET /api/preparacion/{slug} answers status", async () => {
    const res = await call(shop, preparation, `/api/preparacion/${ORDERS_RACE}`, { params: { slug: ORDERS_RACE } });
    expect(res.body.data).toEqual({ status: expect.any(String) });
  });

  it("GET /api/corredores/{slug} (ours): the runners a name finds, and a refusal of less than a name", async () => {
    await shop.services.recognition.loadStartList(race.raceId, "dorsal,nombre,distancia\n101,Ana García,21K\n");
    const found = await call(shop, corredores, `/api/corredores/${ORDERS_RACE}?q=ana+garcia`, { params: { slug: ORDERS_RACE } });
    expect(found.body.data).toEqual({
      q: "ana garcia",
      corredores: [{ n: 101, nombre: "Ana García", distancia: "21K", equipo: "", fotos: expect.any(Number) }],
      more: false,
      near: false,
    });
    const refused = await call(shop, corredores, `/api/corredores/${ORDERS_RACE}?q=ana`, { params: { slug: ORDERS_RACE } });
    expect(refused.status).toBe(400);
    await shop.services.recognition.clearStartList(race.raceId);
    await shop.services.worker.drain();
  });

  it("GET /api/fotos/{slug}: a free photo and a photo on sale", async () => {
    const { body } = await call(shop, fotos, `/api/fotos/${ORDERS_RACE}?p=1`, { params: { slug: ORDERS_RACE } });
    const data = body.data;
    for (const f of ["fotos", "found_rows", "found_pages", "previous", "next", "uploading", "tags", "fullin_arg", "fullin_usd", "fullin_fotos"])
      expect(data).toHaveProperty(f);
    data.fotos.forEach(expectPhoto);
    const free = data.fotos.find((p: { id: string }) => p.id === race.ids.F13);
    expect(free).toMatchObject({ free: "1" });
    expect(data.fotos[0].free).toBe("1");
    const sale = data.fotos.find((p: { id: string }) => p.id === race.ids.S14);
    expect(sale).toMatchObject({ free: "0", precio_arg: 5000, precio_usd: 5, descuento_arg: 3500, descuento_usd: 3 });
    const plain = data.fotos.find((p: { id: string }) => p.id === race.ids.P01);
    expect(plain).toMatchObject({ descuento_arg: 0, descuento_usd: 0 });
  });

  it("POST /api/purchase answers data.link (and the id)", async () => {
    const body = await buy(["P04"], "contract@example.com");
    expect(body.data).toEqual({ link: expect.stringMatching(/^http:\/\/shop\.test\/pay\/demo\//), id: expect.stringMatching(/^[A-Za-z0-9]{16}$/) });
    const full = await call(shop, purchase, "/api/purchase", {
      method: "POST",
      body: { data: { ...buyer({ email: "full@example.com", confirmEmail: "full@example.com" }), fullIn: 1, raceId: race.raceId, n: "300" } },
    });
    expect(full.body.data.link).toEqual(expect.any(String));
  });

  it("GET /api/purchase/{id}: pending, paid and refunded", async () => {
    const pending = await getPurchase(ids.pending);
    expectPurchase(pending, 1, false);
    expect(pending.venta.fechapago).toBeNull();
    expect(pending.link).toMatch(/\/pay\/demo\//);
    expect(pending.zip_file).toBeNull();

    const paid = await getPurchase(ids.paid);
    expectPurchase(paid, 3, true);
    // Charged in pesos; the dollar amounts are the same photos as the cart priced them (5 + sale 3 + free 0).
    expect(paid.venta).toMatchObject({
      tot_fotos: 3,
      subtotal_arg: 8500,
      total_arg: 8500,
      subtotal_usd: 8,
      total_usd: 8,
      id_mediodepago: 3,
      mediodepago: "Demo",
      moneda: "ARS",
    });
    expect(paid.link).toBeNull();
    expect(paid.fotos.find((p: { id: string }) => p.id === race.ids.F13).free).toBe("1");

    const refunded = await getPurchase(ids.refunded);
    expectPurchase(refunded, 5, false);
    expect(refunded.venta).toMatchObject({ total_arg: 5000, total_usd: 5 });
    expect(refunded.venta.fechapago).toMatch(DATE);
    expect(refunded.link).toBeNull();
    expect(refunded.zip_file).toBeNull();
  });

  it("POST /api/download answers data.img; POST /api/create_zip answers zip_file", async () => {
    const img = await call(shop, download, "/api/download", { method: "POST", body: { data: { id: ids.paid, id_photo: race.ids.P02 } } });
    expect(img.body.data).toEqual({ img: expect.stringMatching(/^http:\/\/shop\.test\/download\//) });
    const refused = await call(shop, download, "/api/download", { method: "POST", body: { data: { id: ids.refunded, id_photo: race.ids.P03 } } });
    expect(refused.status).toBe(402);

    const big = await buy(["P01", "P02", "P03", "P04", "P05", "P06", "P07", "P08", "P09", "P10"], "zip@example.com");
    await approve(big.data.link);
    const zip = await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: big.data.id } } });
    expect(zip.body.data).toHaveProperty("zip_file", null);
    await shop.services.worker.drain();
    const done = await call(shop, createZip, "/api/create_zip", { method: "POST", body: { data: { id: big.data.id } } });
    expect(done.body.data.zip_file).toMatch(/^http:\/\/shop\.test\/download\//);
    expect((await getPurchase(big.data.id)).zip_file).toMatch(/^http:\/\/shop\.test\/download\//);
    expect((await call(shop, purchaseDetail, "/api/purchase/NoSuchPurchase1", { params: { id: "NoSuchPurchase1" } })).status).toBe(404);
  });

  it("GET /api/preventa/{slug}, POST /api/preventa and GET /api/prepurchase/{id}", async () => {
    const form = (await call(shop, preventaRace, `/api/preventa/${ORDERS_RACE}`, { params: { slug: ORDERS_RACE } })).body.data;
    expect(form).toMatchObject({ id: race.raceId, slug: ORDERS_RACE, preventa_arg: 40000, preventa_usd: 40 });
    const created = await call(shop, preventa, "/api/preventa", {
      method: "POST",
      body: { data: { ...buyer({ email: "pp@example.com", confirmEmail: "pp@example.com" }), raceId: String(race.raceId), raceSlug: ORDERS_RACE, dni: "301" } },
    });
    expect(created.body).toEqual({ status: "success", link: expect.any(String), id: expect.any(String) });
    const pp = (await call(shop, prepurchase, `/api/prepurchase/${created.body.id}`, { params: { id: created.body.id } })).body.data;
    expect(Object.keys(pp)).toEqual(expect.arrayContaining(["venta", "cliente", "pagado", "link"]));
    expect(Object.keys(pp.venta)).toEqual(
      expect.arrayContaining(["id", "id_estado", "codigo_venta", "fecha", "fechapago", "total_ars", "total_usd", "id_mediodepago", "mediodepago"]),
    );
    expect(pp.venta).toMatchObject({
      id: created.body.id,
      id_estado: 1,
      codigo_venta: null,
      total_ars: 40000,
      total_usd: 40,
      id_mediodepago: 3,
      moneda: "ARS",
    });
    expect(pp.venta.fechapago).toBeNull();
    for (const f of ["total_ars", "total_usd", "id_mediodepago"]) expect(pp.venta[f], f).toEqual(expect.any(Number));
    expect(pp.venta.mediodepago).toEqual(expect.any(String));
    expect(pp.venta.fecha).toMatch(DATE);
    expect(pp.cliente).toEqual({ nombre: "Ana", apellido: "Pérez", email: "pp@example.com" });
    expect(pp.pagado).toBe(false);
    expect(pp.link).toEqual(created.body.link);

    await approve(created.body.link);
    const paid = (await call(shop, prepurchase, `/api/prepurchase/${created.body.id}`, { params: { id: created.body.id } })).body.data;
    expect(paid).toMatchObject({ pagado: true, link: null, venta: { id_estado: 2, codigo_venta: null } });
    expect(paid.venta.fechapago).toMatch(DATE);
    expect((await call(shop, prepurchase, "/api/prepurchase/NoSuchPrepurchase", { params: { id: "NoSuchPrepurchase" } })).status).toBe(404);
  });

  it("POST /api/contact_email answers data.status", async () => {
    const res = await call(shop, contactEmail, "/api/contact_email", {
      method: "POST",
      body: { data: { name: "Ana", email: "ana@example.com", phone: "", message: "¿Dónde están mis fotos?" } },
    });
    expect(res.body.data.status).toBe("success");
  });

  it("POST /api/claim answers what became of a runner's word", async () => {
    const res = await call(shop, claimApi, "/api/claim", { method: "POST", body: { data: { slug: ORDERS_RACE, photo: race.ids.P04, n: "101" } } });
    expect(res.body.data).toEqual({ status: "success", claim: "pending", n: 101 });
    expect((await call(shop, claimApi, "/api/claim", { method: "POST", body: { data: { slug: ORDERS_RACE, photo: race.ids.P04, n: "x" } } })).status).toBe(400);
  });

  it("serves the public API's OpenAPI document, naming every call of SPEC §7, and every answer above held to it", async () => {
    const { status, body } = await rawCall(shop, openapi, "/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const spec = [
      "post /api/contact_email",
      "post /api/download",
      "post /api/purchase",
      "get /api/fotos/{slug}",
      "get /api/purchase/{id}",
      "post /api/create_zip",
      "get /api/preventa/{slug}",
      "post /api/preventa",
      "get /api/prepurchase/{id}",
      "get /api/preparacion/{slug}",
    ];
    for (const call of spec) {
      const [method, path] = call.split(" ");
      expect(body.paths[path]?.[method], call).toBeDefined();
      expect(body.paths[path][method].responses["200"].content["application/json"].schema, call).toBeTypeOf("object");
    }
    expect(body.paths["/api/purchase"].post.requestBody.content["application/json"].schema.properties.data.required).toEqual(
      expect.arrayContaining(["country", "firstName", "lastName", "email", "confirmEmail"]),
    );
    expect([...checked].sort()).toEqual(expect.arrayContaining(spec.sort()));
  });
});
