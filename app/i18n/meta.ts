import { langFromPath, type Lang } from "./langs.ts";
import { fill, MESSAGES, type Messages } from "./messages/index.ts";

/** A localized <title> and description for a screen's `meta` export. */
export function pageMeta(
  location: { pathname: string },
  pick: (m: Messages) => string,
  params: Record<string, string | number> = {},
) {
  const lang: Lang = langFromPath(location.pathname);
  const m = MESSAGES[lang];
  const title = fill(pick(m), params);
  return [
    { title: title === m.brand.title ? title : `${title} · ${m.brand.name}` },
    { name: "description", content: m.brand.description },
  ];
}
