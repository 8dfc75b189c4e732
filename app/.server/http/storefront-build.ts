import type { ServerBuild } from "react-router";

/**
 * React Router finds a request's route by trying every route in rank order,
 * three times a page (its handler, its data, and the route discovery of the
 * page's parent paths, which ends at the catch-all), and most of the ranks'
 * head is the back office's 75 routes (every language's, with longer paths):
 * on a never-asked bib search the matching was about 12 % of the server's CPU.
 * A storefront request is answered by the same build less those routes; a
 * back-office one, and route discovery (which a page may ask about any link),
 * by the whole build.
 */
// Case-blind and read decoded, as React Router matches paths: "/Admin" and "/%61dmin" are the back office too.
const BACK_OFFICE_PATH = /^\/(?:(?:en|br)\/)?admin(?:[/.]|$)|^\/__manifest\b/i;
const BACK_OFFICE_ROUTE_PATH = /^\/?(?:(?:en|br)\/)?admin(?:\/|$)/;

/** Whether the whole build answers this path: the back office's pages, data and APIs, and route discovery. */
export function isBackOfficeRequest(pathname: string): boolean {
  if (BACK_OFFICE_PATH.test(pathname)) return true;
  if (!pathname.includes("%")) return false;
  try {
    return BACK_OFFICE_PATH.test(decodeURIComponent(pathname));
  } catch {
    // Not decodable: the whole build answers it as it always did.
    return true;
  }
}

/** The build without the back office's routes: those under an `admin` path, and the layouts left holding none. */
export function withoutBackOffice(build: ServerBuild): ServerBuild {
  const all = Object.values(build.routes).filter((route) => route !== undefined);
  const kept = all.filter((route) => !BACK_OFFICE_ROUTE_PATH.test(route.path ?? ""));
  const hasChild = new Set(kept.map((route) => route.parentId));
  const routes = Object.fromEntries(
    kept.filter((route) => route.path !== undefined || route.index || hasChild.has(route.id)).map((route) => [route.id, route]),
  );
  // The page's router is built from the assets' manifest of routes: the same ones.
  const manifest = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => id in routes));
  return { ...build, routes, assets: { ...build.assets, routes: manifest } };
}
