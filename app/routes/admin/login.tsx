import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { attempt } from "../../admin/outcome.ts";
import { buttonClass, TextField } from "../../components/admin/fields.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { LogoMark } from "../../components/logo.tsx";
import { clientContext, servicesContext } from "../../context.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { href } from "../../i18n/href.ts";
import { langFromPath, type Lang } from "../../i18n/langs.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/login";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

/** Only back-office paths of this site may be a login's destination (no open redirect). */
function destination(next: string | null, lang: Lang): string {
  return next && /^\/((en|br)\/)?admin(\/[\w\-/.]*)?(\?[^#]*)?$/.test(next) && !next.includes("//") ? next : adminHref("adminDashboard", lang);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const { admin } = context.get(servicesContext);
  const cookie = request.headers.get("cookie");
  if (await admin.auth.authenticate(cookie)) throw redirect(destination(url.searchParams.get("next"), lang));
  const csrf = admin.auth.loginCsrf(cookie);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (csrf.setCookie) headers.append("Set-Cookie", csrf.setCookie);
  return data({ csrfToken: csrf.token, loggedOut: url.searchParams.has("out") }, { headers });
}

const credentials = z.object({ email: z.string().trim().min(1).max(200), password: z.string().min(1).max(200), _csrf: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const m = ADMIN_MESSAGES[lang];
  const { admin } = context.get(servicesContext);
  const form = credentials.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: m.errors.badLogin }, { status: 400 });
  if (!admin.auth.checkLoginCsrf(request.headers.get("cookie"), form.data._csrf)) return data({ error: m.errors.csrf }, { status: 403 });
  const result = await attempt(lang, () =>
    admin.auth.login({
      email: form.data.email,
      password: form.data.password,
      ip: context.get(clientContext).ip,
      userAgent: request.headers.get("user-agent") ?? "",
    }),
  );
  if (!result.ok) return data({ error: result.response.data.error }, { status: result.response.init?.status ?? 400 });
  throw redirect(destination(url.searchParams.get("next"), lang), { headers: { "Set-Cookie": result.value.setCookie } });
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.login.title} · ${m.brand}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAdminMessages();
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <div className="mb-6 flex items-center gap-2 text-lg font-black text-ink">
          <LogoMark />
          {m.brand}
        </div>
        <h1 className="text-2xl font-black text-ink">{m.login.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{m.login.intro}</p>
        {loaderData.loggedOut && !actionData && <Notice kind="info">{m.login.loggedOut}</Notice>}
        {actionData?.error && <Notice kind="error">{actionData.error}</Notice>}
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="_csrf" value={loaderData.csrfToken} />
          <TextField label={m.login.email} name="email" type="email" autoComplete="username" required autoFocus />
          <TextField label={m.login.password} name="password" type="password" autoComplete="current-password" required />
          <button type="submit" className={`${buttonClass} w-full py-3`} disabled={busy}>
            {m.login.submit}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <a href={href("home", lang)} className="text-slate-500 underline hover:text-ink">
            {m.login.backToShop}
          </a>
        </p>
      </div>
    </main>
  );
}
