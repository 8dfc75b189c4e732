import type { Lang } from "./langs.ts";

/**
 * THE path table: every visitor screen of SPEC §2 in es, en and br.
 * Route ids are `${screen}-${lang}`; no localized path is written anywhere else.
 */
export const PATHS = {
  home: { es: "/", en: "/en", br: "/br" },
  races: { es: "/carreras", en: "/en/races", br: "/br/carreiras" },
  race: { es: "/carrera/:slug", en: "/en/race/:slug", br: "/br/carreira/:slug" },
  purchase: { es: "/compra/:id", en: "/en/purchase/:id", br: "/br/compra/:id" },
  purchaseAccount: { es: "/account/compra/:id", en: "/en/account/compra/:id", br: "/br/account/compra/:id" },
  contact: { es: "/contacto", en: "/en/contact", br: "/br/contato" },
  help: { es: "/ayuda", en: "/en/help", br: "/br/ajuda" },
  terms: { es: "/terminos", en: "/en/terms", br: "/br/termos" },
  checkout: { es: "/checkout", en: "/en/checkout", br: "/br/checkout" },
  fullset: { es: "/checkout/fullin", en: "/en/checkout/fullin", br: "/br/checkout/fullin" },
  preorder: { es: "/preventa/:slug", en: "/en/preorder/:slug", br: "/br/preventa/:slug" },
  prepurchase: { es: "/precompra/:id", en: "/en/prepurchase/:id", br: "/br/precompra/:id" },
} as const satisfies Record<string, Record<Lang, string>>;

export type Screen = keyof typeof PATHS;
export const SCREENS = Object.keys(PATHS) as Screen[];
