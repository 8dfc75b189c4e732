import type { Lang } from "./langs.ts";

/**
 * The back office's path table: every operator screen in es, en and br.
 * Route ids are `${screen}-${lang}`; links are built with adminHref().
 */
export const ADMIN_PATHS = {
  adminLogin: { es: "/admin/login", en: "/en/admin/login", br: "/br/admin/login" },
  adminLogout: { es: "/admin/salir", en: "/en/admin/logout", br: "/br/admin/sair" },
  adminDashboard: { es: "/admin", en: "/en/admin", br: "/br/admin" },
  adminRaces: { es: "/admin/carreras", en: "/en/admin/races", br: "/br/admin/corridas" },
  adminRaceNew: { es: "/admin/carreras/nueva", en: "/en/admin/races/new", br: "/br/admin/corridas/nova" },
  adminRace: { es: "/admin/carreras/:raceId", en: "/en/admin/races/:raceId", br: "/br/admin/corridas/:raceId" },
  adminRacePreview: {
    es: "/admin/carreras/:raceId/vista-previa",
    en: "/en/admin/races/:raceId/preview",
    br: "/br/admin/corridas/:raceId/previa",
  },
  adminRacePhotos: { es: "/admin/carreras/:raceId/fotos", en: "/en/admin/races/:raceId/photos", br: "/br/admin/corridas/:raceId/fotos" },
  adminRaceTagging: {
    es: "/admin/carreras/:raceId/etiquetar",
    en: "/en/admin/races/:raceId/tagging",
    br: "/br/admin/corridas/:raceId/marcar",
  },
  adminSettings: { es: "/admin/ajustes", en: "/en/admin/settings", br: "/br/admin/ajustes" },
  adminOrders: { es: "/admin/ventas", en: "/en/admin/orders", br: "/br/admin/vendas" },
  adminOrder: { es: "/admin/ventas/:orderId", en: "/en/admin/orders/:orderId", br: "/br/admin/vendas/:orderId" },
  adminPreorders: { es: "/admin/preventas", en: "/en/admin/preorders", br: "/br/admin/prevendas" },
  adminSignups: { es: "/admin/avisos", en: "/en/admin/signups", br: "/br/admin/avisos" },
  adminMessages: { es: "/admin/mensajes", en: "/en/admin/messages", br: "/br/admin/mensagens" },
  adminMessage: { es: "/admin/mensajes/:messageId", en: "/en/admin/messages/:messageId", br: "/br/admin/mensagens/:messageId" },
  adminOperators: { es: "/admin/operadores", en: "/en/admin/operators", br: "/br/admin/operadores" },
  adminAccount: { es: "/admin/mi-cuenta", en: "/en/admin/account", br: "/br/admin/minha-conta" },
  adminAudit: { es: "/admin/auditoria", en: "/en/admin/audit", br: "/br/admin/auditoria" },
  adminEarnings: { es: "/admin/ganancias", en: "/en/admin/earnings", br: "/br/admin/ganhos" },
  adminShares: { es: "/admin/reparto", en: "/en/admin/shares", br: "/br/admin/divisao" },
  adminRaceShares: {
    es: "/admin/carreras/:raceId/reparto",
    en: "/en/admin/races/:raceId/shares",
    br: "/br/admin/corridas/:raceId/divisao",
  },
  adminExport: { es: "/admin/exportar/:list", en: "/en/admin/export/:list", br: "/br/admin/exportar/:list" },
} as const satisfies Record<string, Record<Lang, string>>;

export type AdminScreen = keyof typeof ADMIN_PATHS;
export const ADMIN_SCREENS = Object.keys(ADMIN_PATHS) as AdminScreen[];
