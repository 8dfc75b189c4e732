/** Offline, seed-deterministic artwork for the demo shop (no fonts, no network). */
export { renderHomeBanner } from "./banner.ts";
export { renderRaceHero } from "./race-hero.ts";
export { renderRaceLogo } from "./race-logo.ts";
export { renderRacePhoto, type RacePhotoOptions } from "./race-photo.ts";
