import { servicesContext } from "../context.ts";
import { apiLang, json } from "../.server/web/index.ts";
import type { Route } from "./+types/fake-api";

/**
 * The storefront's static-style files (SPEC §7), served from the database in the
 * spec's shapes. Any `?v=` is accepted; a short shared cache with revalidation lets
 * a new version through at once.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const files: Record<string, () => Promise<unknown>> = {
    "carreras.json": () => services.races.file(apiLang(request)),
    "banners.json": () => services.shop.banners(),
    "preventa.json": () => services.shop.presale(),
    "descuentos.json": () => services.shop.discounts(),
  };
  const make = Object.hasOwn(files, params.file) ? files[params.file] : undefined;
  if (!make) return json({ error: { code: "NotFound", message: "Not found" } }, { status: 404 });
  return json(await make(), { headers: { "Cache-Control": "no-cache" } });
}
