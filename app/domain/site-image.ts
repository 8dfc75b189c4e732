// A site image (race hero, home banner) is stored once at up to 2,400 px wide
// under a content-hashed name; narrower copies for phones are made on first
// request beside it (http/media.ts), named by appending their width.

/** The narrower widths a site image is offered in, besides its own. */
export const SITE_IMAGE_WIDTHS = [640, 1080] as const;

/** How wide a hero or banner is stored at most; the srcset declares the stored image at this width. */
export const SITE_IMAGE_FULL_WIDTH = 2400;

const HASHED = /-[0-9a-f]{12}\.webp$/;

/** The URL of a narrower copy of a stored site image. */
export const siteImageAt = (url: string, width: number) => url.replace(/\.webp$/, `-${width}.webp`);

/** A `srcset` offering the narrower copies, or undefined for a URL that is not a stored site image. */
export function siteImageSrcSet(url: string): string | undefined {
  if (!HASHED.test(url)) return undefined;
  return [...SITE_IMAGE_WIDTHS.map((w) => `${siteImageAt(url, w)} ${w}w`), `${url} ${SITE_IMAGE_FULL_WIDTH}w`].join(", ");
}

/** The stored image and width a narrower copy's key stands for, if it is one. */
export function siteImageVariant(key: string): { of: string; width: number } | undefined {
  const match = /^(public\/.+-[0-9a-f]{12})-(\d+)\.webp$/.exec(key);
  const width = Number(match?.[2]);
  if (!match || !(SITE_IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
  return { of: `${match[1]}.webp`, width };
}
