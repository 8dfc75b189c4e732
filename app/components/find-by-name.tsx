import { useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { NAME_MAX_LENGTH } from "../domain/runner-names.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import type { NameLookup } from "../storefront/name-lookup.ts";
import { Deferred } from "./deferred.tsx";
import { ChevronIcon } from "./icons.tsx";

/**
 * For the runner who does not remember their number, in a race whose start
 * list names its runners: their first and last name finds it, and each
 * runner found links to their photos. Open while a name is being looked up;
 * a plain GET form (q) and plain links, so it works without JavaScript.
 */
export function FindByName({ slug, named }: { slug: string; named: NameLookup | Promise<NameLookup> | null }) {
  const lang = useLang();
  const m = useMessages();
  const id = useId();
  const [search] = useSearchParams();
  const typed = search.get("q") ?? "";
  return (
    <details open={named !== null} className="max-w-2xl rounded-2xl bg-white ring-1 ring-slate-200" data-testid="find-by-name">
      <summary className="cursor-pointer rounded-2xl px-4 py-3 font-bold text-brand-700 hover:text-ink">{m.race.nameTitle}</summary>
      <div className="space-y-4 px-4 pb-4">
        <Form method="get" action={href("race", lang, { slug })} role="search" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={id} className="mb-1 block text-sm font-bold text-slate-700">
              {m.race.nameLabel}
            </label>
            <input
              key={typed}
              id={id}
              name="q"
              type="text"
              required
              maxLength={NAME_MAX_LENGTH}
              autoComplete="name"
              placeholder={m.race.namePlaceholder}
              defaultValue={typed}
              className="h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-lg"
            />
          </div>
          <button type="submit" className="h-12 rounded-xl bg-ink px-5 font-black text-white hover:bg-brand-700">
            {m.race.nameButton}
          </button>
        </Form>
        {named && (
          <Deferred
            value={named}
            fallback={<p className="text-sm text-slate-600">{m.common.loading}…</p>}
            errorElement={
              <p role="alert" className="text-sm font-semibold text-red-700">
                {m.race.loadFailed}
              </p>
            }
          >
            {(found) => <RunnersFound slug={slug} found={found} />}
          </Deferred>
        )}
      </div>
    </details>
  );
}

function RunnersFound({ slug, found }: { slug: string; found: NameLookup }) {
  const lang = useLang();
  const m = useMessages();
  if (found.problem) {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700" data-testid="name-problem">
        {found.problem === "invalidName" ? m.errors.invalidName : m.errors.tooMany}
      </p>
    );
  }
  if (found.corredores.length === 0) {
    return (
      <p role="status" className="text-sm font-semibold text-slate-700" data-testid="name-none">
        {fill(m.race.nameNone, { q: found.q })}
      </p>
    );
  }
  return (
    <div>
      <h3 className="text-sm font-bold text-slate-700">{fill(found.near ? m.race.nameNear : m.race.nameFound, { q: found.q })}</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="named-runners">
        {found.corredores.map((runner) => (
          <li key={runner.n}>
            <Link to={href("race", lang, { slug }, { n: runner.n })} className="flex items-center gap-3 px-3 py-3 hover:bg-slate-50">
              <span className="rounded-lg bg-ink px-2 py-1 font-black tabular-nums text-white">#{runner.n}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-bold">{runner.nombre}</span>
                <span className="block truncate text-sm text-slate-600">
                  {[runner.distancia, runner.equipo, fill(m.race.namePhotos, { count: runner.fotos }, lang)].filter(Boolean).join(" · ")}
                </span>
              </span>
              <span className="hidden text-sm font-bold text-brand-700 sm:inline">{fill(m.race.nameSee, { n: runner.n })}</span>
              <ChevronIcon className="h-5 w-5 shrink-0 text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
      {found.more && <p className="mt-2 text-sm text-slate-600">{m.race.nameMore}</p>}
    </div>
  );
}
