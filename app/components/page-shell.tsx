import type { ReactNode } from "react";
import { Footer } from "./footer.tsx";
import { TopBar } from "./top-bar.tsx";

/** Top bar, main landmark and footer around a screen. */
export function PageShell({
  children,
  cart,
  contactFooter = false,
}: {
  children: ReactNode;
  cart?: ReactNode;
  contactFooter?: boolean;
}) {
  return (
    <>
      <TopBar cart={cart} />
      <main id="main">{children}</main>
      <Footer contact={contactFooter} />
    </>
  );
}
