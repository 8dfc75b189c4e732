import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import "./app.css";
import { CartPanel } from "./components/cart-panel.tsx";
import { Footer } from "./components/footer.tsx";
import { PageViewBeacon } from "./components/page-view-beacon.tsx";
import { SeoLinks } from "./components/seo-links.tsx";
import { servicesContext } from "./context.ts";
import { TopBar } from "./components/top-bar.tsx";
import { href } from "./i18n/href.ts";
import { HTML_LANG, langFromPath } from "./i18n/langs.ts";
import { loadMessages, PAGE_TEXTS_ID } from "./i18n/messages/index.ts";
import { useLang, useMessages } from "./i18n/use-messages.ts";
import { REQUEST_ID_PLACEHOLDER } from "./request-reference.ts";
import type { Route } from "./+types/root";

/** A navigation into another language first loads that language's texts (i18n/messages/index.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }) => {
    await loadMessages(langFromPath(new URL(request.url).pathname));
  },
];

/** The shop's public URL, for absolute canonical and hreflang links (SeoLinks), and the page's texts file. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { publicUrl: services.env.publicUrl, textsHref: services.texts.href(langFromPath(new URL(request.url).pathname)) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = langFromPath(useLocation().pathname);
  // Absent on an error page whose loader did not run: entry.client then loads the texts' chunk.
  const textsHref = useRouteLoaderData<typeof loader>("root")?.textsHref;
  return (
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <SeoLinks />
        {textsHref && <link id={PAGE_TEXTS_ID} rel="preload" as="fetch" href={textsHref} crossOrigin="anonymous" />}
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const m = useMessages();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {m.nav.skipToContent}
      </a>
      <Outlet />
      <PageViewBeacon />
      {/* One cart panel for every page: its open state outlives navigation. */}
      <CartPanel />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const lang = useLang();
  const m = useMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <TopBar />
      <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
        <title>{`${notFound ? m.errors.pageNotFoundTitle : m.errors.generic} · ${m.brand.name}`}</title>
        <h1 className="text-3xl font-black">{notFound ? m.errors.pageNotFoundTitle : m.errors.generic}</h1>
        <p className="mt-4 text-slate-600">{notFound ? m.errors.notFound : null}</p>
        {/* Filled in by the server with the request's id; a page rendered in the browser has none to show. */}
        {!notFound && (
          <p className="mt-4 text-xs text-slate-500 empty:hidden" data-testid="error-reference" suppressHydrationWarning>
            {typeof document === "undefined" ? `${m.errors.reference}: ${REQUEST_ID_PLACEHOLDER}` : ""}
          </p>
        )}
        <Link to={href("home", lang)} className="mt-8 inline-block rounded-full bg-brand-500 px-6 py-3 font-bold text-white hover:bg-brand-600">
          {m.nav.home}
        </Link>
      </main>
      <Footer />
    </>
  );
}
