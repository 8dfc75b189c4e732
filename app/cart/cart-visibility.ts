import { useMatches } from "react-router";

/** SPEC §2: no cart button (nor panel) on the checkout, full-set checkout and pre-order pages. */
export function isCartHiddenOn(routeId: string | undefined): boolean {
  return !!routeId && /^(checkout|fullset|preorder)-/.test(routeId);
}

export function useCartHidden(): boolean {
  const matches = useMatches();
  return isCartHiddenOn(matches[matches.length - 1]?.id);
}
