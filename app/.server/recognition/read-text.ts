import sharp, { type Sharp } from "sharp";
import { type AcrossEdge, coveredAcross, uncoveredCut } from "./cover-across.ts";
import { asDigits, type Beyond, type DecodedLine, digitsBeyond, greedyDecode, numberText } from "./ctc-decode.ts";
import { boundsOf, findRegions, minAreaRect, scaleRect, unclip, type RotatedRect } from "./geometry.ts";
import { printGaps, type Read } from "./print-gaps.ts";
import { SIGNATURE_GRID } from "./bursts.ts";
import type { OcrModels } from "./models.ts";
import { wholeNumberScores } from "./whole-number.ts";
import { bilinear, type Raw } from "./patch.ts";
import { createScratch } from "./scratch.ts";

export type ReadSettings = {
  /** Long side of the picture the text detector sees (rounded to a multiple of 32). */
  detectLongSide: number;
  /**
   * Long side of a second whole picture for the detector (0: none): it misses
   * some clean bibs at one sampling of a photo and finds them at another. Its
   * boxes the first look did not find are read; its faint print is not looked
   * at closer (the first look's bigger picture saw that print better).
   */
  alsoDetectAt: number;
  /**
   * Photos of at most `smallPhotoMegapixels` (0: none) are seen by the detector
   * at up to `smallPhotoDetect` px, their own size if smaller: what they save on
   * decoding and derivatives pays for the bigger look, which finds more of
   * their bibs than the same pixels resampled smaller.
   */
  smallPhotoMegapixels: number;
  smallPhotoDetect: number;
  /** Long side of the picture boxes are cut from for reading (never enlarged). */
  sourceLongSide: number;
  /** Detector map threshold and minimum mean score of a box (PaddleOCR: 0.3 and 0.6). */
  mapThreshold: number;
  boxThreshold: number;
  unclipRatio: number;
  /** Boxes shorter than this in detector pixels are noise. */
  minBoxHeight: number;
  /**
   * A second look at far print: windows around text the first pass saw under
   * `smallText` detector pixels high (too small to read, or only a faint
   * blob) are detected again `zoom` times closer, from the source picture.
   * 0 turns it off; `zoomWindows` caps the windows a photo gets.
   */
  zoom: number;
  smallText: number;
  zoomWindows: number;
  /**
   * Big print: in a close-up (a bib filling a third of the frame or more) the
   * detector loses digits of a number more than `nearText` detector pixels
   * high, or splits it into pieces ("179" and "90" of 1790), where a smaller
   * picture sees it whole. A photo whose first look saw such print gets the
   * second whole look at `nearLook` px even where `alsoDetectAt` is 0; the
   * second look's line replaces the big pieces it holds. 0: no such look.
   */
  nearText: number;
  nearLook: number;
  /** The detector weighs its channels by what it sees this many 32 px cells around (local-squeeze.ts); 0: by the whole picture. */
  squeezeCells: number;
};

export const DEFAULT_READ_SETTINGS: ReadSettings = {
  detectLongSide: 1440,
  // At 768 px (boxes only) it reads a few more bibs and loses none (field set 0.958 / 0.883 / 0.915 → 0.958 / 0.894
  // / 0.922) for some 10 % more reading CPU, paid for since 2026-12-05 by the detector's folded head and the 3000 px
  // source below; the shop takes it from two readers (capacity.ts; decision 0006, "The second look paid for").
  alsoDetectAt: 768,
  // Resized uploads (the real photos are 2048 px wide). Race tuning split at 2048 px: 0.988 / 0.897 / 0.921
  // → 0.998 / 0.908 / 0.937; they import at 2.4–2.5 photos/s instead of 3.0 (3000 px: 2.2–2.3 for 2.5–2.9), as fast
  // as a camera's originals. At 2048 px: 1.7–1.9 (decision 0006).
  smallPhotoMegapixels: 6,
  smallPhotoDetect: 1760,
  // A far bib's digits keep their pixels. From 2400 px, two bibs fewer of 231 on the first tuning split; from 3000
  // instead of 4000, the four tuning splits read as many (1110 → 1112 right, 18 wrong of 1291 bibs either way, three
  // more with review) for some 40 ms less CPU a 12–45 MP photo: libvips decodes at half size or shrinks less.
  sourceLongSide: 3000,
  mapThreshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minBoxHeight: 6,
  zoom: 2.5,
  // Tuning split (300 photos): auto recall 0.870 → 0.879 against 12 px and 6 windows, the same
  // precision, for 11 % more detector pixels (1.56 → 1.73 MP a photo). 36 px or 16 windows gave the
  // same; a zoom of 2 or 3 less. (The bench's --small and --windows had not reached the reader before.)
  smallText: 28,
  zoomWindows: 10,
  // Close-ups cut from the race tuning split, a bib half a 2048 px frame wide: 83 → 92 of 98 read (a third: 86 of 88
  // either way). The split at full size and made 2048 px long: the same tags (120 px the same as 160), no cost
  // where no print is that big. Taken on every small photo it read 94 of 98 but cost 8 % of their import (decision 0006).
  nearText: 160,
  nearLook: 768,
  squeezeCells: 0,
};

/** A line of text read from one detected box; `box` in the photo's own pixels. */
export type TextReading = {
  text: string;
  confidences: number[];
  detectionScore: number;
  box: RotatedRect;
  /** A number read again from a wider cut: a digit the detector's box clipped shows up here. */
  wide?: { text: string; confidences: number[] };
  /** A number's: how much of a digit the reader saw past each end of it (a half-covered digit it did not read). */
  beyond?: Beyond;
  /** Read between a bib's print lines where the detector saw no text (printGaps): the box is the gap, not the number. */
  between?: true;
  /**
   * Something lies across the top or the bottom of the line's digits (an arm, a hem); `first`, when reading
   * them again with some of the cover in the cut gave another number (the line's text now): the first reading.
   */
  across?: { edge: AcrossEdge; first?: DecodedLine };
  /** A number's: how likely the whole-number verifier finds it a whole bib number, not part of one or a sign's. */
  whole?: number;
};

/** `signature`: the photo's colours on a coarse grid (see bursts.ts), to find the same runner in the next frame. */
export type PhotoReading = { width: number; height: number; lines: TextReading[]; signature?: string };

const REC_HEIGHT = 48;
/** How much wider (in box heights) the second reading of a number is cut. */
const WIDEN = 1.2;
const REC_MAX_WIDTH = 640;

/** A line read as a number alone, past the dots and dashes at its ends. */
const isNumber = (text: string) => /^[0-9]+$/.test(numberText(text));

/** The detector's inputs, reused from photo to photo (scratch.ts). */
const scratch = createScratch();

/** The photo as the reader sees it: upright, sRGB, no longer than `sourceLongSide`; `width` and `height` are the original's. */
export type DecodedPhoto = { source: Raw; width: number; height: number };

export async function decodeForReading(image: Buffer | string, settings: ReadSettings = DEFAULT_READ_SETTINGS): Promise<DecodedPhoto> {
  const { width, height } = (await sharp(image).metadata()).autoOrient;
  // A linear kernel: the same tags as lanczos3 on the tuning split (one more bib with review), 40 ms less a 24 MP photo.
  const source = await toRaw(
    sharp(image)
      .rotate()
      .resize({ width: settings.sourceLongSide, height: settings.sourceLongSide, fit: "inside", withoutEnlargement: true, kernel: "linear" }),
  );
  return { source, width, height };
}

/** Detects every text box in a photo and reads each box on its own. */
export async function readPhoto(models: OcrModels, image: Buffer | string, settings: ReadSettings = DEFAULT_READ_SETTINGS): Promise<PhotoReading> {
  return readDecoded(models, await decodeForReading(image, settings), settings);
}

export async function readDecoded(
  models: OcrModels,
  { source, width, height }: DecodedPhoto,
  settings: ReadSettings = DEFAULT_READ_SETTINGS,
): Promise<PhotoReading> {
  const scale = Math.max(width, height) / Math.max(source.width, source.height);

  const rects = await detect(models, source, forPhoto(width * height, settings));
  const lines: TextReading[] = [];
  const read: Read[] = [];
  for (const { rect, score } of rects) {
    const { beyond, ...decoded } = await recognize(models, source, rect, { beyond: true });
    if (!decoded.text) continue;
    const line: TextReading = { ...decoded, detectionScore: score, box: scaleRect(rect, scale) };
    if (beyond && (beyond.start || beyond.end)) line.beyond = beyond;
    if (isNumber(decoded.text)) {
      const wider = { ...rect, width: rect.width + rect.height * WIDEN, height: rect.height * 1.1 };
      const again = await recognize(models, source, wider);
      line.wide = { text: again.text, confidences: again.confidences };
    }
    if (mayBeNumber(decoded.text)) await readUncovered(models, source, rect, line);
    lines.push(line);
    read.push({ rect, text: decoded.text, score });
  }
  for (const gap of printGaps(read)) {
    const decoded = await recognize(models, source, gap.rect);
    if (!isNumber(decoded.text)) continue;
    lines.push({ ...decoded, detectionScore: gap.score, box: scaleRect(gap.rect, scale), between: true });
  }
  const numbers = lines.filter((l) => isNumber(l.text));
  const wholes = await wholeNumberScores(
    models,
    source,
    numbers.map((l) => scaleRect(l.box, 1 / scale)),
  );
  numbers.forEach((line, i) => {
    line.whole = Math.round(wholes[i] * 1000) / 1000;
  });
  return { width, height, lines, signature: await colourSignature(source) };
}

/** A number, or one read with a letter or two among its digits ("65U"): what digits cut across may read as. */
function mayBeNumber(text: string): boolean {
  const core = numberText(text);
  const letters = core.replace(/[0-9]/g, "").length;
  return core.length >= 2 && /^[0-9A-Za-z]+$/.test(core) && letters <= 2 && letters * 2 <= core.length;
}

/**
 * A line whose digits something covers across is read again from a cut that
 * takes in some of the cover (cover-across.ts). Another number of at least
 * as many digits replaces the first reading, which is kept beside it; the
 * wider cut of the first box is dropped, being as stretched. Cover tuning
 * split 0.965 / 0.653 / 0.759 → 0.974 / 0.659 / 0.771, made 2048 px long
 * 0.958 / 0.671 / 0.794 → 0.983 / 0.688 / 0.812; race tuning split (nothing
 * drawn across) 410 → 411 right tags, the same wrong ones (decision 0006).
 */
async function readUncovered(models: OcrModels, source: Raw, rect: RotatedRect, line: TextReading): Promise<void> {
  const cover = coveredAcross(source, rect);
  if (!cover) return;
  line.across = { edge: cover.edge };
  const again = await recognize(models, source, uncoveredCut(rect, cover));
  const [first, second] = [numberText(line.text), numberText(again.text)];
  if (!isNumber(again.text) || second === first || second.length < first.length) return;
  line.across.first = { text: line.text, confidences: line.confidences };
  line.text = again.text;
  line.confidences = again.confidences;
  delete line.wide;
  delete line.beyond;
}

async function colourSignature(source: Raw): Promise<string> {
  const grid = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } })
    .resize(SIGNATURE_GRID.cols, SIGNATURE_GRID.rows, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  return grid.toString("base64");
}

async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The detector's input for each 0–255 level of the blue, green and red planes
 * it is fed in that order: PaddleOCR's ImageNet mean and deviation, as its
 * reference code applies them (to BGR in that order).
 */
const DETECTOR_LEVELS = [
  [0.485, 0.229],
  [0.456, 0.224],
  [0.406, 0.225],
].map(([mean, std]) => Float32Array.from({ length: 256 }, (_, level) => (level / 255 - mean) / std));

/** The settings for a photo of `pixels`: a small photo's bigger look for the detector. */
export function forPhoto(pixels: number, settings: ReadSettings): ReadSettings {
  const small = pixels <= settings.smallPhotoMegapixels * 1e6;
  return small ? { ...settings, detectLongSide: Math.max(settings.detectLongSide, settings.smallPhotoDetect) } : settings;
}

type Detected = { rect: RotatedRect; score: number };
type Area = { left: number; top: number; width: number; height: number };

/** Every box the detector finds in the photo: a first pass over the whole picture, then a closer look where print was too small. */
async function detect(models: OcrModels, source: Raw, settings: ReadSettings): Promise<Detected[]> {
  const whole = { left: 0, top: 0, width: source.width, height: source.height };
  const seenAt = (longSide: number) => Math.min(1, longSide / Math.max(source.width, source.height));
  const scale = seenAt(settings.detectLongSide);
  const picture = await pictureOf(source, whole, scale);
  const once = await detectOn(models, picture, settings);
  const big = (d: Detected) => settings.nearText > 0 && d.rect.height * scale > settings.nearText;
  const secondAt = settings.alsoDetectAt || (once.boxes.some(big) ? settings.nearLook : 0);
  const first = secondAt ? joinLooks(once, await detectOn(models, await secondPicture(source, picture, seenAt(secondAt)), settings), big) : once;
  const closer = Math.min(1, scale * settings.zoom);
  if (!settings.zoom || closer <= scale * 1.2) return first.boxes;
  const windows = zoomWindows(first.faint, whole, closer, settings.zoomWindows);
  const found: Detected[] = [];
  for (const window of windows) found.push(...(await detectOn(models, await pictureOf(source, window, closer), settings)).boxes);
  // The closer look replaces the first pass's small boxes it saw again.
  const small = (d: Detected) => d.rect.height * scale < settings.smallText;
  const kept = first.boxes.filter((d) => !small(d) || !found.some((z) => inside(d.rect, z.rect)));
  const fresh = found.filter((z) => !kept.some((d) => !small(d) && inside(z.rect, d.rect)));
  return [...kept, ...fresh];
}

type Look = { boxes: Detected[]; faint: { x: number; y: number; score: number }[] };

/**
 * A second whole look adds the boxes the first did not find (neither's centre
 * inside the other's). Its faint print is left out: a smaller picture's faint
 * spots are mostly print the first look saw, and their closer-look windows
 * cost more than the look itself (race tuning split, a look at 768 px: 0.904 /
 * 0.932 with them, 0.906 / 0.930 without; decision 0006). A line of it that
 * holds `big` boxes of the first look on its middle, as tall as it, replaces
 * them when they are two or more (a number split into pieces) or when it is
 * clearly wider than the one (a digit lost).
 */
export function joinLooks(first: Look, other: Look, big: (d: Detected) => boolean = () => false): Look {
  let boxes = first.boxes;
  for (const line of other.boxes) {
    // As tall as the line and on its middle: not two lines stacked in one box.
    const onLine = (d: Detected) =>
      inside(d.rect, line.rect) && Math.abs(d.rect.cy - line.rect.cy) < line.rect.height / 4 && d.rect.height > line.rect.height / 2;
    const pieces = boxes.filter((d) => big(d) && onLine(d));
    if (pieces.length === 0) continue;
    const span = Math.max(...pieces.map(({ rect }) => rect.cx + rect.width / 2)) - Math.min(...pieces.map(({ rect }) => rect.cx - rect.width / 2));
    if (pieces.length >= 2 || line.rect.width > span * WIDER) boxes = [...boxes.filter((d) => !pieces.includes(d)), line];
  }
  const fresh = other.boxes.filter((b) => !boxes.some((a) => a === b || inside(a.rect, b.rect) || inside(b.rect, a.rect)));
  return { boxes: [...boxes, ...fresh], faint: first.faint };
}

/** How much wider than the first look's one big box a second look's line must be to replace it. */
const WIDER = 1.2;

const inside = (a: RotatedRect, b: RotatedRect) => {
  const o = boundsOf(b);
  return a.cx >= o.left && a.cx <= o.right && a.cy >= o.top && a.cy <= o.bottom;
};

/**
 * Square windows (in source pixels) around faint or small print, 320 detector
 * pixels wide at the closer scale, the strongest spots first; a spot inside a
 * window already chosen needs none of its own.
 */
function zoomWindows(faint: { x: number; y: number; score: number }[], whole: Area, closer: number, max: number): Area[] {
  const side = Math.min(320 / closer, whole.width, whole.height);
  const windows: Area[] = [];
  for (const spot of [...faint].sort((a, b) => b.score - a.score)) {
    if (windows.some((w) => spot.x >= w.left && spot.x <= w.left + w.width && spot.y >= w.top && spot.y <= w.top + w.height)) continue;
    if (windows.length >= max) break;
    const left = Math.min(Math.max(0, spot.x - side / 2), whole.width - side);
    const top = Math.min(Math.max(0, spot.y - side / 2), whole.height - side);
    windows.push({ left, top, width: side, height: side });
  }
  return windows;
}

/** What the detector sees: `cut` of the source (whole source pixels) resampled to `raw`, sides multiples of 32. */
type Picture = { raw: Raw; cut: Area };

/** The detector's picture sides for `area` seen at `scale`: multiples of 32. */
const sidesAt = (area: { width: number; height: number }, scale: number) => ({
  w: Math.max(32, Math.round((area.width * scale) / 32) * 32),
  h: Math.max(32, Math.round((area.height * scale) / 32) * 32),
});

async function pictureOf(source: Raw, area: Area, scale: number): Promise<Picture> {
  const { w, h } = sidesAt(area, scale);
  const left = Math.round(area.left);
  const top = Math.round(area.top);
  const cut = { left, top, width: Math.min(Math.round(area.width), source.width - left), height: Math.min(Math.round(area.height), source.height - top) };
  const raw = await toRaw(
    sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } })
      .extract(cut)
      .resize(w, h, { fit: "fill" }),
  );
  return { raw, cut };
}

/**
 * The second whole look's picture (`first` is the first whole look's): a
 * smaller one is made from the first look's, not from the 4000 px source (at 768 px, 8 ms of CPU instead of 30
 * on a 20–24 MP photo; the detector's pass is some 70).
 */
async function secondPicture(source: Raw, first: Picture, scale: number): Promise<Picture> {
  const { w, h } = sidesAt(source, scale);
  if (w >= first.raw.width) return pictureOf(source, first.cut, scale);
  const raw = await toRaw(sharp(first.raw.data, { raw: { width: first.raw.width, height: first.raw.height, channels: 3 } }).resize(w, h, { fit: "fill" }));
  return { raw, cut: first.cut };
}

/**
 * DB text detection on a picture of the source: probability map → regions →
 * unclipped rectangles in source pixels. `faint`: centres of regions too
 * small to read at this scale, for a closer look.
 */
async function detectOn(models: OcrModels, { raw: small, cut }: Picture, settings: ReadSettings) {
  const { width: w, height: h } = small;
  const plane = w * h;
  const input = scratch.borrow(3 * plane);
  const [blue, green, red] = DETECTOR_LEVELS;
  for (let i = 0, p = 0; p < plane; p++, i += 3) {
    input[p] = blue[small.data[i + 2]];
    input[plane + p] = green[small.data[i + 1]];
    input[2 * plane + p] = red[small.data[i]];
  }
  const out = await models.detection.run({ [models.detection.inputNames[0]]: models.tensor(input, [1, 3, h, w]) }).finally(() => scratch.giveBack(input));
  const map = out[models.detection.outputNames[0]].data as Float32Array;

  const sx = cut.width / w;
  const sy = cut.height / h;
  const toSource = (rect: RotatedRect) => {
    // The map is a uniform rescale within rounding; average the two axes.
    const scaled = scaleRect(rect, (sx + sy) / 2);
    return { ...scaled, cx: scaled.cx + cut.left, cy: scaled.cy + cut.top };
  };
  const boxes: Detected[] = [];
  const faint: { x: number; y: number; score: number }[] = [];
  for (const region of findRegions(map, w, h, settings.mapThreshold)) {
    const core = minAreaRect(region.hull);
    if (Math.min(core.width, core.height) < settings.smallText / 2 && region.pixels >= 3) {
      const centre = toSource(core);
      faint.push({ x: centre.cx, y: centre.cy, score: region.score * region.pixels });
    }
    if (region.score < settings.boxThreshold) continue;
    if (Math.min(core.width, core.height) < 3) continue;
    const rect = unclip(core, settings.unclipRatio);
    if (Math.min(rect.width, rect.height) < settings.minBoxHeight) continue;
    boxes.push({ rect: toSource(rect), score: region.score });
  }
  return { boxes, faint };
}

/** Cuts the box out upright at 48 px high (bilinear, supersampled when shrinking) and reads it. */
async function recognize(models: OcrModels, source: Raw, rect: RotatedRect, want: { beyond?: boolean } = {}): Promise<DecodedLine & { beyond?: Beyond }> {
  const outW = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * rect.width) / Math.max(rect.height, 1))));
  const plane = REC_HEIGHT * outW;
  const input = new Float32Array(3 * plane);
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  const stepU = rect.width / outW;
  const stepV = rect.height / REC_HEIGHT;
  const k = Math.max(1, Math.min(4, Math.ceil(Math.max(stepU, stepV))));
  const { data, width, height } = source;
  const px = [0, 0, 0];
  for (let j = 0; j < REC_HEIGHT; j++) {
    for (let i = 0; i < outW; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sj = 0; sj < k; sj++) {
        for (let si = 0; si < k; si++) {
          const u = (i + (si + 0.5) / k) * stepU - rect.width / 2;
          const v = (j + (sj + 0.5) / k) * stepV - rect.height / 2;
          bilinear(data, width, height, rect.cx + u * cos - v * sin - 0.5, rect.cy + u * sin + v * cos - 0.5, px);
          r += px[0];
          g += px[1];
          b += px[2];
        }
      }
      const n = k * k * 127.5;
      const p = j * outW + i;
      // Recognition input: BGR scaled to [-1, 1].
      input[p] = b / n - 1;
      input[plane + p] = g / n - 1;
      input[2 * plane + p] = r / n - 1;
    }
  }
  const out = await models.recognition.run({
    [models.recognition.inputNames[0]]: models.tensor(input, [1, 3, REC_HEIGHT, outW]),
  });
  const probs = out[models.recognition.outputNames[0]];
  const [, steps, classes] = probs.dims;
  const table = probs.data as Float32Array;
  const plain = greedyDecode(table, steps, classes, models.alphabet);
  const decoded = asDigits(plain, table, steps, classes, models.alphabet) ?? plain;
  // Only a number's is kept; another pass over every step of every line would cost 5 % of a photo.
  if (!want.beyond || !isNumber(decoded.text)) return decoded;
  const beyond = digitsBeyond(table, steps, classes, models.alphabet);
  const round = (p: number) => Math.round(p * 1000) / 1000;
  return { ...decoded, beyond: { ...beyond, start: round(beyond.start), end: round(beyond.end) } };
}
