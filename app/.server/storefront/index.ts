// The storefront's page-level reads: one call per screen, composed from the catalog.
export { homePage } from "./home-page.ts";
export type { HomePage, HomePart, PresaleBanner } from "./home-page.ts";
export { racePage } from "./race-page.ts";
export type { RacePage } from "./race-page.ts";
