import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "../safe-equal.ts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, settings } from "../db/index.ts";

const SECRET_KEY = "secret.delivery";

/**
 * The key that signs download links. Kept in the database so every instance of
 * the shop (and a restarted one) accepts the links the others handed out.
 */
export function deliverySecret(db: Db): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () =>
    (cached ??= (async () => {
      await db
        .insert(settings)
        .values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
      return Buffer.from(String(row.value), "base64url");
    })().catch((error) => {
      cached = undefined;
      throw error;
    }));
}

/** A photo of a sale, or a sale's zip, until `exp` (seconds since the epoch). */
const claim = z.union([
  z.object({ k: z.literal("photo"), o: z.string(), p: z.string(), exp: z.number() }),
  z.object({ k: z.literal("zip"), o: z.string(), exp: z.number() }),
]);
export type Claim = z.infer<typeof claim>;

const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest("base64url");

export function signClaim(key: Buffer, value: Claim): string {
  const body = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${body}.${mac(key, body)}`;
}

/** The claim of a well-signed, unexpired token; undefined otherwise. */
export function readClaim(key: Buffer, token: string, now = Date.now()): Claim | undefined {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return undefined;
  // Compared as text: decoding would let a different last character (its unused
  // low bits) pass for the same signature.
  if (!safeEqual(signature, mac(key, body))) return undefined;
  try {
    const parsed = claim.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success && parsed.data.exp * 1000 > now ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
