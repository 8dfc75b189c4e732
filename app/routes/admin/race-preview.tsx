import { Link, useSearchParams } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { idParam, load } from "../../admin/outcome.ts";
import { PageShell } from "../../components/page-shell.tsx";
import { RacePhotoGrid } from "../../components/race-photo-grid.tsx";
import { RaceBanners } from "../../components/race-banners.tsx";
import { RaceHero } from "../../components/race-hero.tsx";
import { servicesContext } from "../../context.ts";
import { currencyForLang } from "../../domain/pricing.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang, useMessages } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/race-preview";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

/** Shown without the back office's frame: the storefront's own shell, as a visitor gets it. */
export const handle = { bare: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("p") ?? "1", 10) || 1);
  const raceId = idParam(params.raceId);
  return load(lang, () => context.get(servicesContext).admin.races.preview(context.get(operatorContext), raceId, page, lang));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.races.preview} · ${loaderData?.race.nombre ?? ""} · ${m.brand}` }, { name: "robots", content: "noindex" }];
};

export default function RacePreview({ loaderData }: Route.ComponentProps) {
  const { race, tiers } = loaderData;
  const m = useMessages();
  const admin = useAdminMessages();
  const lang = useLang();
  const [search] = useSearchParams();
  const currency = currencyForLang(lang);
  const status = race.estado as keyof typeof admin.statuses;
  const here = (query: { p?: number; foto?: string | null }) => adminHref("adminRacePreview", lang, { raceId: race.id }, query);
  const pageHref = (p: number) => here({ p: p > 1 ? p : undefined });
  const photoHref = (id: string | null) => here({ p: race.page > 1 ? race.page : undefined, foto: id });
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 bg-amber-300 px-4 py-2 text-sm font-semibold text-amber-950" role="status">
        <span className="mr-auto">{fill(admin.preview.banner, { status: admin.statuses[status] ?? race.estado })}</span>
        <Link to={adminHref("adminRace", lang, { raceId: race.id })} className="rounded-lg bg-white/70 px-3 py-1 hover:bg-white">
          {admin.preview.back}
        </Link>
      </div>
      <PageShell>
        <RaceHero race={race} />
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
          <RaceBanners uploading={race.uploading} tiers={tiers} />
          <p className="text-sm font-semibold text-slate-600">{fill(m.race.found, { count: race.found_rows }, lang)}</p>
          <RacePhotoGrid race={race} currency={currency} photoId={search.get("foto")} photoHref={photoHref} pageHref={pageHref} />
        </div>
      </PageShell>
    </>
  );
}
