import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, settings } from "../db/index.ts";

/** Every shop-wide setting with its shape and default; unknown or malformed values fall back. */
const SETTINGS = {
  presale: z.object({ active: z.boolean(), raceId: z.number().int().nullable() }).catch({ active: false, raceId: null }),
  preparation: z.object({ status: z.string() }).catch({ status: "idle" }),
  /** The demo seed's progress (demo/seed-demo.ts): a seed a stop cut short is taken up again at the next start. */
  demoSeed: z.object({ done: z.boolean(), shop: z.boolean() }).catch({ done: true, shop: true }),
  support: z
    .object({ email: z.string(), facebook: z.string(), instagram: z.string() })
    .catch({ email: "hola@dorsal.photo", facebook: "https://www.facebook.com/dorsal.fotos", instagram: "https://www.instagram.com/dorsal.fotos" }),
};

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]>;

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return SETTINGS[key].parse(row?.value) as SettingValue<K>;
}

export async function setSetting<K extends SettingKey>(db: Db, key: K, value: SettingValue<K>): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
