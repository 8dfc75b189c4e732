import { useLocation, useRouteLoaderData } from "react-router";
import { alternates } from "../i18n/seo.ts";

/**
 * Canonical URL, hreflang alternates (es, en, pt-BR, x-default) and og:url for
 * the current screen, absolute under the shop's public URL (from the root loader).
 */
export function SeoLinks() {
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  const { pathname, search } = useLocation();
  const links = root?.publicUrl ? alternates(pathname + search, root.publicUrl) : undefined;
  if (!links) return null;
  return (
    <>
      <link rel="canonical" href={links.canonical} />
      {links.links.map((link) => (
        <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
      ))}
      <meta property="og:url" content={links.canonical} />
    </>
  );
}
