import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operator } from "../../app/.server/staff/index.ts";
import { orderPhotos, photos } from "../../app/.server/db/schema.ts";
import { createTestShop, type TestShop } from "./helpers.ts";
import { loginAs } from "./admin-helpers.ts";
import { seedOrdersRace, type OrdersRace } from "./orders-fixture.ts";

const ADMIN = { email: "office@dorsal.test", password: "office-password-1" };
const buyer = { firstName: "Ana", lastName: "Pérez", lang: "es" as const, country: "1" as const, email: "ana@example.com" };

/**
 * A photographer deletes photos while a runner checks them out: each photo is
 * either sold (and so kept, hidden) or deleted (and the runner told it is no
 * longer available), never a failed write on either side or a sale of a photo
 * that is gone.
 */
describe("a photo deleted while it is bought", () => {
  let shop: TestShop;
  let admin: Operator;
  let sample: OrdersRace;

  beforeAll(async () => {
    shop = await createTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await shop.services.admins.ensureFirst();
    ({ op: admin } = await loginAs(shop.services, ADMIN.email, ADMIN.password));
    sample = await seedOrdersRace(shop);
  });
  afterAll(() => shop?.close());

  it("either sells it (kept, hidden) or deletes it (the buyer told so), at once and in either order", async () => {
    const { db } = shop.database;
    const [model] = await db.select().from(photos).where(eq(photos.publicId, sample.ids.F13));
    const { id: _, ...copy } = model;
    const made = await db
      .insert(photos)
      .values(Array.from({ length: 16 }, (_, i) => ({ ...copy, publicId: `race${i}`, frame: `RACE${i}`, sha256: `race-${i}`, free: true })))
      .returning({ id: photos.id, publicId: photos.publicId });

    const answers = await Promise.all(
      made.map(async (photo, i) => {
        const buy = () => shop.services.purchases.create({ ...buyer, photoIds: [photo.publicId] });
        const remove = () => shop.services.admin.photos.bulk(admin, sample.raceId, [photo.id], { action: "delete" });
        // Half start with the checkout, half with the deletion.
        const [bought, removed] = i % 2 ? await Promise.allSettled([buy(), remove()]) : (await Promise.allSettled([remove(), buy()])).reverse();
        return { photo, bought, removed };
      }),
    );

    for (const { photo, bought, removed } of answers) {
      expect(removed.status).toBe("fulfilled");
      const [kept] = await db.select().from(photos).where(eq(photos.id, photo.id));
      const sold = await db.select().from(orderPhotos).where(eq(orderPhotos.photoId, photo.id));
      if (bought.status === "fulfilled") {
        expect(kept).toMatchObject({ hidden: true });
        expect(sold).toHaveLength(1);
        expect(removed).toMatchObject({ value: { deleted: 0, hidden: 1 } });
      } else {
        expect(bought.reason).toMatchObject({ status: 409, key: "photoUnavailable", unavailable: [photo.publicId] });
        expect(kept).toBeUndefined();
        expect(sold).toEqual([]);
      }
    }
    const left = await db
      .select({ id: photos.id })
      .from(photos)
      .where(
        inArray(
          photos.id,
          made.map((p) => p.id),
        ),
      );
    expect(left.length).toBe(answers.filter((a) => a.bought.status === "fulfilled").length);

    // A cart that still holds a photo deleted (or hidden) long before is told which ones, so the page can take them out.
    const gone = answers.filter((a) => a.bought.status === "rejected").map((a) => a.photo.publicId);
    const hidden = answers.filter((a) => a.bought.status === "fulfilled").map((a) => a.photo.publicId);
    const cart = [sample.ids.P01, ...gone.slice(0, 1), ...hidden.slice(0, 1), sample.ids.P02];
    await expect(shop.services.purchases.create({ ...buyer, photoIds: cart })).rejects.toMatchObject({
      status: 409,
      key: "photoUnavailable",
      unavailable: [...gone.slice(0, 1), ...hidden.slice(0, 1)],
    });
  });
});
