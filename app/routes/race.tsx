import { data, Link, redirect } from "react-router";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import { formatMoney, toMinor } from "../domain/money.ts";
import { pageWindow } from "../domain/pagination.ts";
import { currencyForLang } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { isDomainError } from "../.server/errors.ts";
import type { Route } from "./+types/race";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const rawN = url.searchParams.get("n");
  const bib = parseRunnerNumber(rawN);
  if (rawN !== null && bib === undefined) {
    // SPEC §5: a zero or unclean runner number goes back to the race page without it.
    url.searchParams.delete("n");
    throw redirect(href("race", lang, { slug: params.slug }) + (url.searchParams.size ? `?${url.searchParams}` : ""));
  }
  const page = Math.max(1, Number.parseInt(url.searchParams.get("p") ?? "1", 10) || 1);
  const tag = url.searchParams.get("t") || undefined;
  try {
    const race = await context.get(servicesContext).races.photos({
      slug: params.slug,
      page,
      bib,
      tag: tag && /^[a-z0-9-]{1,64}$/.test(tag) ? tag : undefined,
      lang,
    });
    return { race };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ location, loaderData }) =>
  loaderData
    ? loaderData.race.n
      ? pageMeta(location, (m) => m.race.titleRunner, { race: loaderData.race.nombre, runner: loaderData.race.n })
      : pageMeta(location, (m) => m.race.title, { race: loaderData.race.nombre })
    : pageMeta(location, (m) => m.errors.pageNotFoundTitle);

export default function Race({ loaderData }: Route.ComponentProps) {
  const { race } = loaderData;
  const lang = useLang();
  const m = useMessages();
  const currency = currencyForLang(lang);
  const pageHref = (p: number) => href("race", lang, { slug: race.slug }, { p, n: race.n, t: race.t });
  return (
    <PageShell>
      <section className="relative isolate bg-ink text-white">
        {race.imageUrl && <img src={race.imageUrl} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50" />}
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h1 className="text-3xl font-black sm:text-4xl">{race.nombre}</h1>
          <p className="mt-2 text-slate-100">{race.subtitulo}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-8">
        {race.n && <h2 className="text-2xl font-black">{fill(m.race.runner, { n: race.n })}</h2>}
        {race.uploading && <p className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">{m.race.uploading}</p>}
        <p className="mt-4 text-sm text-slate-600">{fill(m.race.found, { count: race.found_rows })}</p>
        {race.fotos.length === 0 ? (
          <p className="mt-10 text-center text-slate-600">
            <span aria-hidden="true" className="block text-5xl">📷</span>
            {m.race.noResults}
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
            {race.fotos.map((photo) => {
              const sale = currency === "ARS" ? photo.descuento_arg : photo.descuento_usd;
              const price = currency === "ARS" ? photo.precio_arg : photo.precio_usd;
              return (
                <li key={photo.id} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                  <img src={photo.src_thumb} alt={photo.id_photo} width={480} height={Math.round((480 * photo.height) / photo.width)} loading="lazy" className="aspect-[3/2] w-full object-cover" />
                  <p className="flex items-center justify-between px-3 py-2 text-sm">
                    <span className="text-slate-500">{photo.fechahora.slice(11, 16)}</span>
                    {photo.free === "1" ? (
                      <span className="font-bold text-emerald-700">{m.race.free}</span>
                    ) : sale > 0 ? (
                      <span>
                        <s className="mr-1 text-slate-400">{formatMoney(toMinor(price), currency)}</s>
                        <strong className="text-brand-700">{formatMoney(toMinor(sale), currency)}</strong>
                      </span>
                    ) : (
                      <strong>{formatMoney(toMinor(price), currency)}</strong>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        {race.found_pages > 1 && (
          <nav className="mt-8 flex flex-wrap justify-center gap-2" aria-label="pagination">
            {pageWindow(race.page, race.found_pages).map((p) => (
              <Link key={p} to={pageHref(p)} aria-current={p === race.page ? "page" : undefined} className={`rounded-lg px-3 py-2 text-sm font-semibold ${p === race.page ? "bg-ink text-white" : "bg-white ring-1 ring-slate-200"}`}>
                {p}
              </Link>
            ))}
          </nav>
        )}
      </section>
    </PageShell>
  );
}
