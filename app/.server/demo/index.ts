/** The demo shop: its races and photos seeded into an empty shop, and the offline, seed-deterministic artwork they use (no fonts, no network). */
export { seedDemoIfEmpty } from "./seed-demo.ts";
export { renderHomeBanner } from "./banner.ts";
export { renderRaceHero } from "./race-hero.ts";
export { renderRaceLogo } from "./race-logo.ts";
export { renderRacePhoto, type RacePhotoOptions } from "./race-photo.ts";

// Scene pieces, for generators that compose their own photos (the bib benchmark's labelled set).
export { landscapeSvg, type Trail } from "./landscape.ts";
export { runnerSvg, runnerBox, RUNNER_FEET, RUNNER_HALF_WIDTH, RUNNER_TOP } from "./runner.ts";
export { bibSvg, BIB_WIDTH, BIB_HEIGHT } from "./bib.ts";
export { digitsSvg, glyphRunWidth, GLYPH_WIDTH, GLYPH_HEIGHT } from "./glyphs.ts";
export { courseMarkersSvg } from "./markers.ts";
export { pickPalette, hsl, mix, type Palette } from "./palette.ts";
export { createRng, hashSeed, type Rng } from "./rng.ts";
export { svgDocument, svgToJpeg } from "./encode.ts";
