import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { ADMIN_PATHS, type AdminScreen } from "./i18n/admin-paths.ts";
import { LANGS } from "./i18n/langs.ts";

/** The module of each back-office screen (the login page sits outside the session guard). */
const FILES: Record<Exclude<AdminScreen, "adminLogin">, string> = {
  adminLogout: "routes/admin/logout.ts",
  adminDashboard: "routes/admin/dashboard.tsx",
  adminRaces: "routes/admin/races.tsx",
  adminRaceNew: "routes/admin/race-edit.tsx",
  adminRace: "routes/admin/race-edit.tsx",
  adminRacePreview: "routes/admin/race-preview.tsx",
  adminRacePhotos: "routes/admin/race-photos.tsx",
  adminRaceTagging: "routes/admin/race-tagging.tsx",
  adminSettings: "routes/admin/settings.tsx",
  adminOrders: "routes/admin/orders.tsx",
  adminOrder: "routes/admin/order.tsx",
  adminPreorders: "routes/admin/preorders.tsx",
  adminSignups: "routes/admin/signups.tsx",
  adminMessages: "routes/admin/messages.tsx",
  adminMessage: "routes/admin/message.tsx",
  adminOperators: "routes/admin/operators.tsx",
  adminAccount: "routes/admin/account.tsx",
  adminAudit: "routes/admin/audit.tsx",
  adminExport: "routes/admin/export.ts",
  adminEarnings: "routes/admin/earnings.tsx",
  adminShares: "routes/admin/shares.tsx",
  adminRaceShares: "routes/admin/shares.tsx",
};

const localized = (screen: AdminScreen, file: string) => LANGS.map((lang) => route(ADMIN_PATHS[screen][lang], file, { id: `${screen}-${lang}` }));

/** Back-office routes; they go before the storefront's catch-alls. */
export const adminRoutes: RouteConfigEntry[] = [
  ...localized("adminLogin", "routes/admin/login.tsx"),
  layout("routes/admin/layout.tsx", { id: "admin-layout" }, [
    ...(Object.keys(FILES) as (keyof typeof FILES)[]).flatMap((screen) => localized(screen, FILES[screen])),
    // Unlocalized JSON for the enhanced screens (upload progress, tagging).
    route("admin/api/races/:raceId/progress", "routes/admin/api.progress.ts"),
    route("admin/api/photos/:photoId/tags", "routes/admin/api.photo-tags.ts"),
    route("admin/api/imports", "routes/admin/api.imports.ts"),
    route("admin/api/bibs", "routes/admin/api.bib-review.ts"),
    route("admin/api/bibs/:suggestionId/crop", "routes/admin/api.bib-crop.ts"),
  ]),
];
