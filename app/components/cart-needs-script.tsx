import { useMessages } from "../i18n/use-messages.ts";

/** Shown only by a browser without JavaScript: the cart lives in the browser, so filling it and buying need it. */
export function CartNeedsScript({ className = "" }: { className?: string }) {
  const m = useMessages();
  return (
    <noscript>
      <p className={`rounded-2xl bg-amber-50 p-4 text-sm font-semibold text-amber-900 ring-1 ring-amber-200 ${className}`} data-testid="cart-needs-script">
        {m.cart.needsScript}
      </p>
    </noscript>
  );
}
