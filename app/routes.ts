import { route, type RouteConfig } from "@react-router/dev/routes";
import { adminRoutes } from "./admin-routes.ts";
import { LANGS } from "./i18n/langs.ts";
import { PATHS, type Screen } from "./i18n/paths.ts";

/** The module that renders each screen; both purchase-detail paths share one. */
const SCREEN_FILES: Record<Screen, string> = {
  home: "routes/home.tsx",
  races: "routes/races.tsx",
  race: "routes/race.tsx",
  purchase: "routes/purchase.tsx",
  purchaseAccount: "routes/purchase.tsx",
  contact: "routes/contact.tsx",
  help: "routes/help.tsx",
  terms: "routes/terms.tsx",
  checkout: "routes/checkout.tsx",
  fullset: "routes/fullset.tsx",
  preorder: "routes/preorder.tsx",
  prepurchase: "routes/prepurchase.tsx",
};

const screens = (Object.keys(PATHS) as Screen[]).flatMap((screen) =>
  LANGS.map((lang) => route(PATHS[screen][lang], SCREEN_FILES[screen], { id: `${screen}-${lang}` })),
);

export default [
  ...screens,
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("api/fotos/:slug", "routes/api.fotos.ts"),
  route("api/preparacion/:slug", "routes/api.preparacion.ts"),
  route("api/corredores/:slug", "routes/api.corredores.ts"),
  route("fake-api/:file", "routes/fake-api.ts"),
  route("api/contact_email", "routes/api.contact-email.ts"),
  route("api/notify", "routes/api.notify.ts"),
  route("api/claim", "routes/api.claim.ts"),
  route("api/pageview", "routes/api.pageview.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Orders, payments and delivery.
  route("api/purchase", "routes/api.purchase.ts"),
  route("api/purchase/:id", "routes/api.purchase-detail.ts"),
  route("api/download", "routes/api.download.ts"),
  route("api/create_zip", "routes/api.create-zip.ts"),
  route("api/preventa", "routes/api.preventa.ts"),
  route("api/preventa/:slug", "routes/api.preventa-race.ts"),
  route("api/prepurchase/:id", "routes/api.prepurchase.ts"),
  route("api/webhooks/:provider", "routes/api.webhooks.ts"),
  route("pay/demo/:token", "routes/pay-demo.tsx"),
  route("download/:token", "routes/download.ts"),
  ...adminRoutes,
  route("api/*", "routes/api.not-found.ts"),
  route("es/*", "routes/es-redirect.ts", { id: "es-redirect" }),
  route("es", "routes/es-redirect.ts", { id: "es-root-redirect" }),
  route("*", "routes/unknown-path.ts"),
] satisfies RouteConfig;
