import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Currency } from "../domain/money.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { PhotoData } from "../storefront/race-data.ts";
import { photoClock, photoDateTime } from "../storefront/photo-time.ts";
import { CartNeedsScript } from "./cart-needs-script.tsx";
import { CartToggle } from "./cart-toggle.tsx";
import { ClaimPhoto } from "./claim-photo.tsx";
import { HiddenWithoutScript } from "./hidden-without-script.tsx";
import { ChevronIcon, CloseIcon } from "./icons.tsx";
import { PriceLabel } from "./price-label.tsx";
import { useFocusTrap } from "./use-focus-trap.ts";

/** SPEC §2 lightbox defaults. */
export const LIGHTBOX = { fadeMs: 250, swipeMs: 500, preload: 2, swipeThresholdPx: 30 } as const;

// Server rendering has no layout effects; this keeps React quiet there.
const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The photo viewer. Its state is the page address (`foto=<id>`), so it can be
 * linked to and works as plain links without JavaScript. With JavaScript: fades
 * in and out, swipes between photos (touch or mouse, arrow keys), toggles its
 * captions on a tap, keeps focus inside, and preloads two photos each side.
 */
export function Lightbox({
  photos,
  index,
  race,
  raceName,
  currency,
  hrefFor,
  claim,
}: {
  photos: PhotoData[];
  index: number;
  race: string;
  raceName: string;
  currency: Currency;
  /** Whether to ask "is this you?", and the runner number searched to start its box with. */
  claim?: { bib: number | null };
  /** The page's address showing a given photo, or none. */
  hrefFor: (photoId: string | null) => string;
}) {
  const lang = useLang();
  const m = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLAnchorElement>(null);
  const [captions, setCaptions] = useState(true);
  const [closing, setClosing] = useState(false);
  const [drag, setDrag] = useState(0);
  const [moving, setMoving] = useState<-1 | 0 | 1 | null>(null);
  const pointer = useRef<{ id: number; x: number; y: number; dragging: boolean } | null>(null);

  const photo = photos[index];
  const prev = photos[index - 1];
  const next = photos[index + 1];

  useFocusTrap(dialog, true, closeButton, false);

  // A new photo arrived: put the strip back in the middle without animating.
  useIsoLayoutEffect(() => {
    setMoving(null);
    setDrag(0);
  }, [index]);

  useEffect(() => {
    for (let d = -LIGHTBOX.preload; d <= LIGHTBOX.preload; d++) {
      const near = photos[index + d];
      if (d !== 0 && near) new Image().src = near.src_media;
    }
  }, [photos, index]);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const openedHere = (location.state as { lightbox?: boolean } | null)?.lightbox === true;
  const finishClose = () => {
    const id = photo?.id;
    if (openedHere) navigate(-1);
    else navigate(hrefFor(null), { replace: true, preventScrollReset: true });
    // Back on the grid, focus goes to the photo that was showing.
    requestAnimationFrame(() => document.getElementById(`photo-${id}`)?.focus({ preventScroll: false }));
  };
  const close = () => {
    if (closing) return;
    if (reducedMotion()) return finishClose();
    setClosing(true);
    setTimeout(finishClose, LIGHTBOX.fadeMs);
  };
  const show = (target: PhotoData | undefined) => {
    if (target) navigate(hrefFor(target.id), { replace: true, preventScrollReset: true, state: location.state });
  };
  const go = (direction: -1 | 1) => {
    const target = direction === 1 ? next : prev;
    if (!target || moving !== null) return;
    if (reducedMotion()) return show(target);
    setMoving(direction);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Arrows move the caret in the "is this you?" number box, not the photos.
      if (event.key !== "Escape" && (event.target as Element | null)?.closest?.("input")) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        go(1);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        go(-1);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  if (!photo) return null;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (moving !== null || (event.pointerType === "mouse" && event.button !== 0)) return;
    pointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId) return;
    const dx = event.clientX - p.x;
    if (!p.dragging && Math.abs(dx) > 6 && Math.abs(dx) > Math.abs(event.clientY - p.y)) {
      p.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    // No neighbour that way: resist the pull.
    if (p.dragging) setDrag((dx > 0 && !prev) || (dx < 0 && !next) ? dx / 4 : dx);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const p = pointer.current;
    pointer.current = null;
    if (!p || p.id !== event.pointerId) return;
    if (!p.dragging) {
      // A tap, not a swipe: show or hide the captions.
      if ((event.target as HTMLElement).closest("a,button")) return;
      setCaptions((c) => !c);
      return;
    }
    const dx = event.clientX - p.x;
    const target = dx < 0 ? next : prev;
    if (Math.abs(dx) >= LIGHTBOX.swipeThresholdPx && target) setMoving(dx < 0 ? 1 : -1);
    else setMoving(0);
  };

  const offset = moving === null ? 0 : moving;
  const animating = moving !== null;
  const transform = `translate3d(calc(${-100 - offset * 100}% + ${animating ? 0 : drag}px), 0, 0)`;
  const time = photoClock(photo.fechahora);

  return (
    // m-0: it sits among the race page's spaced sections, whose margin would lift its bottom off the screen.
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={m.lightbox.label}
      data-testid="lightbox"
      data-photo={photo.id}
      data-captions={captions ? "on" : "off"}
      className={`fixed inset-0 z-[60] m-0 flex flex-col bg-neutral-950 text-white transition-opacity duration-250 ease-out starting:opacity-0 motion-reduce:transition-none ${closing ? "opacity-0" : "opacity-100"}`}
    >
      <div
        className="relative flex-1 touch-pan-y select-none overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointer.current = null;
          setMoving(0);
        }}
        data-testid="lightbox-stage"
      >
        <div
          className="flex h-full w-full"
          style={{ transform, transition: animating ? `transform ${LIGHTBOX.swipeMs}ms cubic-bezier(0.22, 0.61, 0.36, 1)` : "none" }}
          onTransitionEnd={(event) => {
            if (event.target !== event.currentTarget || moving === null) return;
            if (moving === 0) setMoving(null);
            else show(moving === 1 ? next : prev);
          }}
        >
          {[prev, photo, next].map((slide, i) => (
            <div key={slide?.id ?? `empty-${i}`} className="flex h-full w-full shrink-0 items-center justify-center p-2 sm:p-6" aria-hidden={i !== 1}>
              {slide && (
                <img
                  src={slide.src_media}
                  // Small, low-density screens make do with the 480 px thumbnail.
                  srcSet={`${slide.src_thumb} 480w, ${slide.src_media} 1600w`}
                  sizes="100vw"
                  alt={i === 1 ? fill(m.race.photoAlt, { id: slide.id_photo, race: raceName, time: photoClock(slide.fechahora) }) : ""}
                  width={1600}
                  height={Math.round((1600 * slide.height) / slide.width) || 1067}
                  draggable={false}
                  decoding="async"
                  className="max-h-full max-w-full object-contain"
                  data-testid={i === 1 ? "lightbox-image" : undefined}
                />
              )}
            </div>
          ))}
        </div>

        {prev && (
          <Link
            to={hrefFor(prev.id)}
            replace
            preventScrollReset
            state={location.state}
            onClick={(event) => {
              event.preventDefault();
              go(-1);
            }}
            aria-label={m.lightbox.previous}
            className="absolute left-2 top-1/2 hidden -translate-y-1/2 rounded-full bg-black/50 p-3 hover:bg-black/80 sm:block"
            data-testid="lightbox-previous"
          >
            <ChevronIcon direction="left" className="h-7 w-7" />
          </Link>
        )}
        {next && (
          <Link
            to={hrefFor(next.id)}
            replace
            preventScrollReset
            state={location.state}
            onClick={(event) => {
              event.preventDefault();
              go(1);
            }}
            aria-label={m.lightbox.next}
            className="absolute right-2 top-1/2 hidden -translate-y-1/2 rounded-full bg-black/50 p-3 hover:bg-black/80 sm:block"
            data-testid="lightbox-next"
          >
            <ChevronIcon direction="right" className="h-7 w-7" />
          </Link>
        )}
      </div>

      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start gap-3 bg-gradient-to-b from-black/80 to-transparent p-3 sm:p-4">
        <div className={`min-w-0 flex-1 transition-opacity duration-250 ${captions ? "opacity-100" : "opacity-0"}`} data-testid="lightbox-caption">
          <h2 className="truncate text-base font-bold sm:text-lg">{photoDateTime(photo.fechahora, lang)}</h2>
          <p className="text-sm text-slate-300">
            {fill(m.lightbox.position, { index: index + 1, total: photos.length })} · {photo.id_photo}
          </p>
        </div>
        <Link
          ref={closeButton}
          to={hrefFor(null)}
          replace
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
          aria-label={m.lightbox.close}
          className="pointer-events-auto rounded-full bg-black/50 p-2.5 hover:bg-black/80"
          data-testid="lightbox-close"
        >
          <CloseIcon />
        </Link>
      </div>

      <div
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 to-transparent px-4 pb-5 pt-10 transition-opacity duration-250 ${
          captions ? "opacity-100" : "pointer-events-none opacity-0"
        }`}
        inert={!captions}
      >
        {claim && <ClaimPhoto key={photo.id} slug={race} photoId={photo.id} bib={claim.bib} />}
        <div className="mx-auto flex max-w-xl items-center gap-4">
          <p className="flex-1 text-lg">
            <span className="sr-only">{time} · </span>
            <PriceLabel photo={photo} currency={currency} className="text-white [&_strong]:text-white" />
          </p>
          <div className="w-56">
            <CartToggle photo={photo} race={race} dark />
          </div>
        </div>
        <CartNeedsScript className="mx-auto mt-3 max-w-xl" />
        <p className="mt-2 text-center text-xs text-slate-400" data-testid="lightbox-hint">
          {m.lightbox.captionsHint}
        </p>
        {/* The tap that toggles the captions needs JavaScript; the links above work without it. */}
        <HiddenWithoutScript testId="lightbox-hint" />
      </div>
    </div>
  );
}
