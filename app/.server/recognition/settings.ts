import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, raceRecognitionSettings, settings } from "../db/index.ts";
import { DEFAULT_AUTO_THRESHOLD } from "./decide.ts";
import { DEFAULT_TIMING_WINDOW, type TimingWindow } from "./timing.ts";

export type RecognitionSettings = { autoThreshold: number; timing: TimingWindow };

/** What an operator may change, shop-wide or for one race (null = back to the shop-wide value). */
export const settingsPatchSchema = z.object({
  autoThreshold: z.number().min(0.6).max(1).nullable().optional(),
  timingWindowSeconds: z.number().int().min(1).max(3600).nullable().optional(),
  timingOffsetSeconds: z.number().int().min(-86_400).max(86_400).nullable().optional(),
});
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

// The shop-wide values live in the `settings` key-value table under this key.
const GLOBAL_KEY = "recognition";
const globalSchema = z
  .object({
    autoThreshold: z.number().optional(),
    timingWindowSeconds: z.number().optional(),
    timingOffsetSeconds: z.number().optional(),
  })
  .catch({});

async function globalOverrides(db: Db) {
  const [row] = await db.select().from(settings).where(eq(settings.key, GLOBAL_KEY));
  return globalSchema.parse(row?.value ?? {});
}

/** Effective settings: the race's own, else the shop's, else the built-in defaults. */
export async function recognitionSettings(db: Db, raceId?: number): Promise<RecognitionSettings> {
  const shop = await globalOverrides(db);
  const [race] = raceId === undefined ? [] : await db.select().from(raceRecognitionSettings).where(eq(raceRecognitionSettings.raceId, raceId));
  return {
    autoThreshold: race?.autoThreshold ?? shop.autoThreshold ?? DEFAULT_AUTO_THRESHOLD,
    timing: {
      windowSeconds: race?.timingWindowSeconds ?? shop.timingWindowSeconds ?? DEFAULT_TIMING_WINDOW.windowSeconds,
      offsetSeconds: race?.timingOffsetSeconds ?? shop.timingOffsetSeconds ?? DEFAULT_TIMING_WINDOW.offsetSeconds,
    },
  };
}

/** Changes the shop-wide settings (no raceId) or one race's. */
export async function saveRecognitionSettings(db: Db, input: SettingsPatch, raceId?: number): Promise<void> {
  const patch = settingsPatchSchema.parse(input);
  if (raceId === undefined) {
    const current = await globalOverrides(db);
    const next: Record<string, number> = {};
    for (const key of ["autoThreshold", "timingWindowSeconds", "timingOffsetSeconds"] as const) {
      const value = patch[key] === undefined ? current[key] : patch[key];
      if (value !== null && value !== undefined) next[key] = value;
    }
    await db
      .insert(settings)
      .values({ key: GLOBAL_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });
    return;
  }
  const insert = db.insert(raceRecognitionSettings).values({ raceId, ...patch });
  await (Object.keys(patch).length ? insert.onConflictDoUpdate({ target: raceRecognitionSettings.raceId, set: patch }) : insert.onConflictDoNothing());
}
