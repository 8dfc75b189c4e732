import { useEffect, useState } from "react";
import { siteImageSrcSet } from "../domain/site-image.ts";

/** SPEC §9: the home hero's background changes every 4000 ms. */
export const BANNER_INTERVAL_MS = 4000;

/**
 * The home hero's background: the shop's banners cross-fading in turn. Only the
 * first image loads with the page; each next one is mounted a turn ahead, so it
 * is ready when its turn comes.
 */
export function HeroBanners({ banners }: { banners: { img: string }[] }) {
  const [index, setIndex] = useState(0);
  const [mounted, setMounted] = useState(1);

  useEffect(() => {
    if (banners.length < 2) return;
    setMounted(2);
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = (i + 1) % banners.length;
        setMounted((n) => Math.max(n, Math.min(banners.length, next + 2)));
        return next;
      });
    }, BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [banners.length]);

  return (
    <div className="absolute inset-0 -z-10 bg-ink" data-testid="hero-banners" data-index={index}>
      {banners.slice(0, mounted).map((banner, i) => (
        <img
          key={banner.img}
          src={banner.img}
          srcSet={siteImageSrcSet(banner.img)}
          sizes="100vw"
          alt=""
          width={1920}
          height={800}
          fetchPriority={i === 0 ? "high" : "low"}
          decoding="async"
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 motion-reduce:transition-none ${i === index ? "opacity-100" : "opacity-0"}`}
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-b from-ink/70 via-ink/50 to-ink/80" />
    </div>
  );
}
