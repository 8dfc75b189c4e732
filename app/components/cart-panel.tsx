import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { priceTag } from "../cart/cart-item.ts";
import { useCartHidden } from "../cart/cart-visibility.ts";
import { useCart } from "../cart/use-cart.ts";
import { formatMoney } from "../domain/money.ts";
import { nextTier } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { photoClock } from "../storefront/photo-time.ts";
import { CART_PANEL_ID } from "./cart-button.tsx";
import { CartIcon, CloseIcon, TrashIcon } from "./icons.tsx";
import { useFocusTrap } from "./use-focus-trap.ts";

/**
 * The cart panel (SPEC §2): slides in from the right when a photo is added or the
 * cart button is pressed; a dimmed overlay, Escape or the close button hide it.
 * Its open state lives in the cart store, so it survives navigation and visits.
 */
const cartButton = () => document.querySelector<HTMLElement>('[data-testid="cart-button"]');

export function CartPanel() {
  const lang = useLang();
  const m = useMessages();
  const cart = useCart();
  const hidden = useCartHidden();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = cart.open && !hidden;
  // A panel restored open on page load appears without sliding in.
  const [animate, setAnimate] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useFocusTrap(panel, open, closeButton, true, cartButton);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") cart.setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, cart]);

  if (hidden) return null;
  const { totals } = cart;
  const upsell = nextTier(totals.paidCount, cart.tiers);
  const transition = animate ? "transition duration-300 ease-out motion-reduce:transition-none" : "";

  return (
    <>
      <div
        aria-hidden="true"
        onClick={() => cart.setOpen(false)}
        data-testid="cart-overlay"
        className={`fixed inset-0 z-50 bg-ink/60 ${transition} ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
      />
      <div
        ref={panel}
        id={CART_PANEL_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        inert={!open}
        data-testid="cart-panel"
        data-open={open ? "true" : "false"}
        className={`fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl ${transition} ${open ? "translate-x-0" : "invisible translate-x-full"}`}
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
          <CartIcon className="h-6 w-6 text-brand-600" />
          <div className="mr-auto">
            <h2 id="cart-panel-title" className="text-lg font-black leading-tight">
              {m.cart.title}
            </h2>
            <p className="text-sm text-slate-600" data-testid="cart-count">
              {fill(m.cart.count, { count: totals.count }, lang)}
            </p>
          </div>
          <button
            ref={closeButton}
            type="button"
            onClick={() => cart.setOpen(false)}
            className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
            aria-label={m.cart.close}
          >
            <CloseIcon />
          </button>
        </div>

        {cart.items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 px-8 text-center">
            <CartIcon className="h-12 w-12 text-slate-300" />
            <p className="font-bold">{m.cart.empty}</p>
            <p className="text-sm text-slate-600">{m.cart.emptyHint}</p>
          </div>
        ) : (
          <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto px-5" data-testid="cart-items">
            {cart.items.map((item) => {
              const tag = priceTag(item, cart.currency);
              const label = item.id_photo ?? item.id;
              return (
                <li key={item.id} className="flex items-center gap-3 py-3" data-testid="cart-item" data-id={item.id}>
                  {item.src_thumb ? (
                    <img
                      src={item.src_thumb}
                      alt=""
                      width={96}
                      height={64}
                      loading="lazy"
                      className="h-16 w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
                    />
                  ) : (
                    <span className="h-16 w-24 shrink-0 rounded-lg bg-slate-100" />
                  )}
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="truncate font-semibold">{fill(m.cart.photo, { id: label })}</p>
                    <p className="text-slate-500">{item.fechahora ? photoClock(item.fechahora) : null}</p>
                    <p className="font-bold">{tag.free ? <span className="text-emerald-700">{m.cart.free}</span> : formatMoney(tag.pay, cart.currency)}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => cart.remove(item.id)}
                    className="flex items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-red-50 hover:text-red-700"
                    aria-label={fill(m.cart.removeLabel, { id: label })}
                  >
                    <TrashIcon />
                    <span className="sr-only sm:not-sr-only">{m.cart.remove}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}

        <div className="space-y-3 border-t border-slate-200 bg-slate-50 px-5 py-4">
          {cart.tiersStatus === "error" && (
            <p className="flex items-center justify-between gap-2 text-sm text-amber-800" role="status">
              {m.cart.tiersFailed}
              <button type="button" onClick={cart.retryTiers} className="font-bold underline">
                {m.common.retry}
              </button>
            </p>
          )}
          {upsell && cart.items.length > 0 && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700">
              {fill(m.cart.nextTier, { missing: upsell.missing, percent: upsell.tier.percent }, lang)}
            </p>
          )}
          {totals.discountPercent > 0 && (
            // On a narrow phone the badge goes under the subtotal rather than either breaking inside.
            <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
              <span className="whitespace-nowrap">
                {m.cart.subtotal}{" "}
                <s className="tabular-nums" data-testid="cart-subtotal">
                  {formatMoney(totals.subtotal, cart.currency)}
                </s>
              </span>
              <span data-testid="cart-discount" className="whitespace-nowrap rounded-full bg-emerald-100 px-3 py-0.5 font-bold text-emerald-800">
                {fill(m.cart.discount, { percent: totals.discountPercent })}
              </span>
            </p>
          )}
          <p className="flex items-baseline justify-between text-lg font-black">
            <span>{m.cart.total}</span>
            <span className="tabular-nums" data-testid="cart-total">
              {formatMoney(totals.total, cart.currency)}
            </span>
          </p>
          {cart.items.length > 0 ? (
            <Link
              to={href("checkout", lang)}
              onClick={() => cart.setOpen(false)}
              className="block rounded-full bg-brand-700 px-6 py-3 text-center font-black uppercase tracking-wide text-white hover:bg-ink"
            >
              {m.cart.buy}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => cart.setOpen(false)}
            className="block w-full rounded-full px-6 py-2 text-center text-sm font-semibold text-slate-700 hover:bg-slate-200"
          >
            {m.cart.keepBrowsing}
          </button>
        </div>
      </div>
    </>
  );
}
