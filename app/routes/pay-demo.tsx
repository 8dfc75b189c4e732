import { data, Form, redirect, useNavigation } from "react-router";
import { servicesContext } from "../context.ts";
import { formatMoney } from "../domain/money.ts";
import { STATE } from "../domain/order-states.ts";
import { statusOf } from "../.server/failure.ts";
import { MESSAGES } from "../i18n/messages/all.ts";
import type { Route } from "./+types/pay-demo";

/**
 * The demo payment provider's checkout page (`PUBLIC_URL/pay/demo/{token}`,
 * language-neutral; it speaks the buyer's checkout language). Its buttons go
 * through the same webhook handling as the real providers, then back to the shop.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const checkout = await context.get(servicesContext).purchases.demo.get(params.token);
    // Its language is the checkout's, not the path's: the texts travel with the page.
    return { ...checkout, texts: MESSAGES[checkout.lang].payDemo };
  } catch (error) {
    if (statusOf(error) === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = String((await request.formData()).get("outcome"));
  if (outcome !== "approved" && outcome !== "rejected") throw data(null, { status: 400 });
  try {
    return redirect(await context.get(servicesContext).purchases.demo.decide(params.token, outcome));
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    throw data(null, { status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.texts.title ?? "Demo"} · Dorsal` },
  { name: "robots", content: "noindex" },
];

export default function PayDemo({ loaderData }: Route.ComponentProps) {
  const checkout = loaderData;
  const t = checkout.texts;
  const busy = useNavigation().state !== "idle";
  const open = checkout.state === STATE.pending;
  return (
    <main id="main" lang={checkout.lang === "br" ? "pt-BR" : checkout.lang} className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-slate-200" data-testid="pay-demo">
        <p className="text-xs font-bold uppercase tracking-widest text-slate-500">Dorsal · demo</p>
        <h1 className="mt-2 text-2xl font-black text-ink">{t.title}</h1>
        <p className="mt-2 text-sm text-slate-600">{t.intro}</p>
        <dl className="mt-6 space-y-2 rounded-2xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t.reference}</dt>
            <dd className="font-mono font-semibold">{checkout.id}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t.amount}</dt>
            <dd className="text-xl font-black tabular-nums" data-testid="pay-demo-amount">
              {formatMoney(checkout.amount, checkout.currency)}
            </dd>
          </div>
        </dl>
        {open ? (
          <Form method="post" className="mt-6 grid gap-3">
            <button
              type="submit"
              name="outcome"
              value="approved"
              disabled={busy}
              className="rounded-full bg-emerald-600 px-6 py-3 font-bold text-white hover:bg-emerald-700 disabled:opacity-60"
              data-testid="pay-approve"
            >
              {t.approve}
            </button>
            <button
              type="submit"
              name="outcome"
              value="rejected"
              disabled={busy}
              className="rounded-full bg-white px-6 py-3 font-bold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-60"
              data-testid="pay-reject"
            >
              {t.reject}
            </button>
          </Form>
        ) : (
          <div className="mt-6">
            <p className="text-sm font-semibold text-slate-700">{t.done}</p>
            <a href={checkout.returnUrl} className="mt-4 inline-block rounded-full bg-ink px-6 py-3 font-bold text-white">
              {t.back}
            </a>
          </div>
        )}
      </div>
    </main>
  );
}
