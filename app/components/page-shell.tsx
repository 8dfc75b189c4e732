import type { ReactNode } from "react";
import { CartButton } from "./cart-button.tsx";
import { Footer } from "./footer.tsx";
import { TopBar } from "./top-bar.tsx";

/** Top bar (with the cart button unless a screen passes its own `cart`), main landmark and footer around a screen. */
export function PageShell({ children, cart, contactFooter = false }: { children: ReactNode; cart?: ReactNode; contactFooter?: boolean }) {
  return (
    <>
      <TopBar cart={cart ?? <CartButton />} />
      <main id="main">{children}</main>
      <Footer contact={contactFooter} />
    </>
  );
}
