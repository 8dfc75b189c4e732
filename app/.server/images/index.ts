export {
  probe,
  rasterize,
  untrusted,
  ImageTooLarge,
  MAX_INPUT_PIXELS,
  watermarked,
  watermarkedSizes,
  watermarkedFromRaw,
  soldFile,
  contentHash,
  THUMB_WIDTH,
  MEDIUM_WIDTH,
  SOLD_LONG_SIDE,
} from "./derivatives.ts";
export type { ImageInfo, ImageSource, Watermarked } from "./derivatives.ts";
export { readCaptureTime, readCaptureFacts, zonedToInstant, formatInZone } from "./capture-time.ts";
export { watermarkSvg } from "./watermark.ts";
