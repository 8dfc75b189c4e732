import { data, Link, redirect } from "react-router";
import { OrderForm, useDraftField, useOrderForm } from "../components/order-form.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { servicesContext } from "../context.ts";
import { formatMoney, toMinor } from "../domain/money.ts";
import { isCountry } from "../domain/order-form.ts";
import { currencyForCountry, currencyForLang } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { statusOf, failureOf, shopWording } from "../.server/failure.ts";
import { parsePreorder } from "../.server/orders/index.ts";
import { buyerData, NetworkError, postJson } from "../purchase/order-api.ts";
import type { Route } from "./+types/preorder";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const services = context.get(servicesContext);
  try {
    return { race: await services.preorders.form(params.slug, lang), failed: false };
  } catch (error) {
    // Better than the spec (which errors): say why, then go home.
    if (statusOf(error) === 404) return data({ race: null, failed: false }, { status: 404 });
    services.logger.error({ err: error, slug: params.slug }, "pre-order race failed to load");
    return data({ race: null, failed: true }, { status: 503 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const form = Object.fromEntries(await request.formData());
  try {
    const input = parsePreorder({ data: { ...form, raceSlug: params.slug } }, lang);
    return redirect((await context.get(servicesContext).preorders.create(input)).link);
  } catch (error) {
    const failure = failureOf(error, shopWording(lang));
    if (!failure) throw error;
    return data({ error: failure.message }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => pageMeta(location, (m) => m.preorder.title, { race: loaderData?.race?.nombre ?? "" });

/** How long the message of a pre-order that cannot be shown stays before the page goes home. */
const HOME_AFTER_S = 6;

const field = "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand-500 disabled:bg-slate-100";

/**
 * Pre-order (SPEC §2): every photo of a runner at the promotional price, paid
 * before the race. SPEC §8's alerts on failure, then a reload (the form is kept
 * as a draft, so nothing typed is lost).
 */
export default function Preorder({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages();
  const lang = useLang();
  const race = loaderData.race;
  const draft = `dorsal-preorder-${race?.slug ?? "none"}`;
  const form = useOrderForm(draft);
  const [dni, setDni] = useDraftField(`${draft}-dni`);
  const [distance, setDistance] = useDraftField(`${draft}-distance`);

  if (!race) {
    return (
      <PageShell>
        <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="preorder-unavailable" role="alert">
          {/* Home after a few seconds, with or without JavaScript. */}
          <meta httpEquiv="refresh" content={`${HOME_AFTER_S};url=${href("home", lang)}`} />
          <h1 className="text-2xl font-black text-ink">{loaderData.failed ? m.preorderPage.loadFailed : m.preorderPage.unavailable}</h1>
          <p className="mt-2 text-slate-600">{m.preorderPage.goingHome}</p>
          <Link to={href("home", lang)} className="mt-6 inline-block rounded-full bg-brand-500 px-6 py-3 font-bold text-ink hover:bg-brand-600">
            {m.nav.home}
          </Link>
        </section>
      </PageShell>
    );
  }

  const currency = isCountry(form.values.country) ? currencyForCountry(form.values.country) : currencyForLang(lang);
  const price = toMinor(currency === "ARS" ? race.preventa_arg : race.preventa_usd);
  const dniOk = /^[\d.\s-]*\d[\d.\s-]*$/.test(dni.trim());
  const distanceOk = race.distancias.length === 0 || race.distancias.includes(distance);

  return (
    <PageShell>
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">{fill(m.preorderPage.heading, { race: race.nombre })}</h1>
        <p className="mt-2 text-slate-700">{m.preorderPage.intro}</p>
        <p className="mt-4 inline-flex items-baseline gap-3 rounded-2xl bg-ink px-5 py-3 text-white" data-testid="preorder-price">
          <span className="text-sm font-semibold text-slate-300">{m.preorderPage.price}</span>
          <span className="text-3xl font-black tabular-nums">{formatMoney(price, currency)}</span>
        </p>
        <div className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <OrderForm
            form={form}
            free={price === 0}
            extraValid={dniOk && distanceOk}
            serverError={actionData?.error}
            testId="preorder-form"
            hidden={<input type="hidden" name="raceId" value={race.id} />}
            submit={async (values) => {
              const answer = await postJson<{ status: string; link: string | null }>(
                "/api/preventa",
                { ...buyerData(values, form.key), raceId: race.id, dni: dni.trim(), raceSlug: race.slug, distance: distance || undefined },
                lang,
              );
              if (answer.status !== "success" || !answer.link) throw new Error(m.preorderPage.createError);
              return answer.link;
            }}
            onFailure={(error) => {
              window.alert(error instanceof NetworkError ? m.preorderPage.sendError : m.preorderPage.createError);
              window.location.reload();
              return true;
            }}
          >
            {race.distancias.length > 0 && (
              <div>
                <label htmlFor="distance" className="block text-sm font-bold text-ink">
                  {m.preorderPage.distance}
                </label>
                <select
                  id="distance"
                  name="distance"
                  required
                  value={distance}
                  onChange={(e) => setDistance(e.target.value)}
                  className={field}
                  data-testid="distance"
                >
                  <option value="">{m.preorderPage.distancePlaceholder}</option>
                  {race.distancias.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <label htmlFor="race" className="block text-sm font-bold text-ink">
                {m.preorderPage.race}
              </label>
              <input id="race" readOnly value={race.nombre} className={`${field} bg-slate-50`} />
            </div>
            <div>
              <label htmlFor="dni" className="block text-sm font-bold text-ink">
                {m.preorderPage.dni}
              </label>
              <input
                id="dni"
                name="dni"
                inputMode="numeric"
                autoComplete="off"
                required
                maxLength={16}
                value={dni}
                onChange={(e) => setDni(e.target.value)}
                aria-describedby="dni-hint"
                className={field}
                data-testid="dni"
              />
              <p id="dni-hint" className="mt-1 text-sm text-slate-600">
                {m.preorderPage.dniHint}
              </p>
            </div>
          </OrderForm>
        </div>
      </section>
    </PageShell>
  );
}
