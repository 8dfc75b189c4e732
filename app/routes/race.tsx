import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useAsyncError,
  useLocation,
  useRouteError,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { browserTiers } from "../cart/browser-cart.ts";
import { BibSearch } from "../components/bib-search.tsx";
import { FullsetOffer, offersFullset } from "../components/fullset-offer.tsx";
import { Deferred } from "../components/deferred.tsx";
import { FindByName } from "../components/find-by-name.tsx";
import { CartNeedsScript } from "../components/cart-needs-script.tsx";
import { FindByTime } from "../components/find-by-time.tsx";
import { AROUND_AFTER_MINUTES, AROUND_BEFORE_MINUTES, shiftClock } from "../domain/around-time.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import { MightBeYouHeading, MightBeYouLink } from "../components/might-be-you.tsx";
import { StatusBanner } from "../components/status-banner.tsx";
import { claimAnswerOf } from "../storefront/claim.ts";
import { NotifyForm } from "../components/notify-form.tsx";
import { PageShell } from "../components/page-shell.tsx";
import { PresaleBanner } from "../components/presale-banner.tsx";
import { PhotoSkeletons } from "../components/photo-skeletons.tsx";
import { RaceBanners } from "../components/race-banners.tsx";
import { RaceHero } from "../components/race-hero.tsx";
import { RacePhotoGrid } from "../components/race-photo-grid.tsx";
import { TagChips } from "../components/tag-chips.tsx";
import { UnregisteredNumber, unregistered } from "../components/unregistered-number.tsx";
import { servicesContext } from "../context.ts";
import { parseRunnerNumber } from "../domain/bibs.ts";
import type { DiscountTier } from "../domain/pricing.ts";
import { currencyForLang } from "../domain/pricing.ts";
import { href } from "../i18n/href.ts";
import { langFromPath } from "../i18n/langs.ts";
import { pageMeta, raceMeta } from "../i18n/meta.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { statusOf } from "../.server/failure.ts";
import { fetchRacePhotos, fetchRunnersNamed } from "../storefront/fetch-json.ts";
import { lookUpName, type NameLookup } from "../storefront/name-lookup.ts";
import { isNotFound, type RaceData, type RaceSummaryData, searchQuery } from "../storefront/race-data.ts";
import { readRaceQuery, withoutPhoto } from "../storefront/race-query.ts";
import { recallRace } from "../storefront/race-summaries.ts";
import type { Route } from "./+types/race";

type LoaderData = {
  race: RaceData | Promise<RaceData>;
  tiers: DiscountTier[] | Promise<DiscountTier[]>;
  /** What the hero and the title need, known before the photos when the visitor came from a race list. */
  summary: RaceSummaryData | null;
  /** The runners a name (q) finds, when one was typed. */
  named: NameLookup | Promise<NameLookup> | null;
};

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const query = readRaceQuery(url, lang, params.slug);
  if (query.redirectTo) throw redirect(query.redirectTo);
  const services = context.get(servicesContext);
  try {
    const { name } = query;
    const [{ race, tiers }, named] = await Promise.all([
      services.storefront.racePage({ slug: params.slug, ...query, lang }),
      name === undefined ? null : lookUpName(name, () => services.races.named(params.slug, name)),
    ]);
    return { race, tiers, summary: race, named };
  } catch (error) {
    if (statusOf(error) === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * In the browser the photos come from the spec's API (GET /api/fotos/{slug}); the
 * page renders at once with 30 skeletons and fills in, or says the request failed
 * and offers a retry.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const query = readRaceQuery(url, lang, params.slug);
  if (query.redirectTo) throw redirect(query.redirectTo);
  const race = fetchRacePhotos(params.slug, query, lang, request.signal);
  race.catch(() => {}); // shown by <Await>, not an unhandled rejection
  const { name } = query;
  const named = name === undefined ? null : lookUpName(name, () => fetchRunnersNamed(params.slug, name, lang, request.signal));
  named?.catch(() => {});
  return { race, tiers: browserTiers().load(), summary: recallRace(lang, params.slug), named };
}

/** Opening, browsing or closing the lightbox changes only `foto`: no need to load the photos again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.href !== nextUrl.href &&
    currentUrl.pathname === nextUrl.pathname &&
    withoutPhoto(currentUrl.search) === withoutPhoto(nextUrl.search)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const summary = loaderData?.summary;
  const name = summary?.nombre;
  if (!summary || !name) return pageMeta(location, (m) => (loaderData ? m.races.title : m.errors.pageNotFoundTitle));
  const runner = parseRunnerNumber(new URLSearchParams(location.search).get("n"));
  const tags = runner ? pageMeta(location, (m) => m.race.titleRunner, { race: name, runner }) : pageMeta(location, (m) => m.race.title, { race: name });
  // Share image (the race's hero) and schema.org SportsEvent data.
  return raceMeta(tags, summary, location, matches);
};

export default function Race({ loaderData, params }: Route.ComponentProps) {
  const { race, tiers, summary, named } = loaderData as LoaderData;
  const location = useLocation();
  // A new search (page, runner, tag) shows the skeletons again; the lightbox's `foto` does not.
  const searchKey = `${location.pathname}?${withoutPhoto(location.search)}`;
  return (
    <PageShell>
      {summary ? (
        <RaceHero race={summary} />
      ) : (
        <Deferred value={race} fallback={<RaceHero race={null} />} errorElement={<RaceHero race={null} />}>
          {(resolved) => <RaceHero race={resolved} />}
        </Deferred>
      )}
      <Deferred key={searchKey} value={race} fallback={<RaceLoading slug={params.slug} named={named} />} errorElement={<RaceFailed />}>
        {(resolved) => <RaceBody race={resolved} tiers={tiers} named={named} />}
      </Deferred>
    </PageShell>
  );
}

function RaceLoading({ slug, named }: { slug: string; named: LoaderData["named"] }) {
  const [search] = useSearchParams();
  const n = parseRunnerNumber(search.get("n")) ?? null;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <BibSearch slug={slug} n={n} />
      {/* A name being looked up keeps its box (and its answer, which may come before the photos) in place. */}
      {named && <FindByName slug={slug} named={named} />}
      <PhotoSkeletons />
    </div>
  );
}

function RaceFailed() {
  const m = useMessages();
  const lang = useLang();
  if (isNotFound(useAsyncError())) return <NotFound message={m.errors.notFound} homeHref={href("home", lang)} />;
  return <LoadFailed message={m.race.loadFailed} note={m.race.cartKept} testId="photos-failed" />;
}

function NotFound({ message, homeHref }: { message: string; homeHref: string }) {
  const m = useMessages();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-lg font-bold">{message}</p>
      <Link to={homeHref} className="mt-6 inline-block rounded-full bg-ink px-6 py-3 font-bold text-white">
        {m.nav.home}
      </Link>
    </div>
  );
}

function RaceBody({ race, tiers, named }: { race: RaceData; tiers: DiscountTier[] | Promise<DiscountTier[]>; named: LoaderData["named"] }) {
  const lang = useLang();
  const m = useMessages();
  const [search] = useSearchParams();
  const currency = currencyForLang(lang);
  const pageQuery = { ...searchQuery(race), m: race.m ? 1 : undefined };
  const pageHref = (p: number) => href("race", lang, { slug: race.slug }, { ...pageQuery, p: p > 1 ? p : undefined });
  const photoHref = (id: string | null) => href("race", lang, { slug: race.slug }, { ...pageQuery, p: race.page > 1 ? race.page : undefined, foto: id });
  const count = fill(m.race.found, { count: race.found_rows }, lang);
  // Narrowed by a bib, a tag or a time.
  const filtered = race.n !== null || race.t !== null || race.h !== null;
  // A race still in preparation with nothing online yet: the sign-up form says it all.
  const waiting = race.estado === "preparing" && race.found_rows === 0 && !filtered;
  // A runner who searched (or is already browsing by time) is offered the time their bib may not show.
  const findByTime = race.n !== null || race.h !== null;
  // A runner whose number has no photo (yet) on a published race may ask to hear when one turns up; one who found some, when more do.
  // Not for a number the start list does not have: that search is told so, with the numbers it may have meant.
  const watchedBib = race.estado === "published" && !race.m && !race.t && race.h === null && !unregistered(race) ? race.n : null;
  // A runner's "this is me", answered after a plain form post (api.claim.ts): the photo is shown here now.
  const claimed = claimAnswerOf(search.get("claim"));
  const banners = (
    <Deferred
      value={tiers}
      fallback={<RaceBanners uploading={race.uploading} tiers={[]} />}
      errorElement={<RaceBanners uploading={race.uploading} tiers={[]} />}
    >
      {(resolved) => <RaceBanners uploading={race.uploading} tiers={resolved} />}
    </Deferred>
  );
  if (waiting) {
    return (
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {race.preventa_abierta && <PresaleBanner race={race} className="" />}
        {banners}
        <NotifyForm race={{ slug: race.slug, categories: race.categorias }} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <BibSearch slug={race.slug} n={race.n} />
      {(race.namesListed || named) && <FindByName slug={race.slug} named={named} />}
      <TagChips slug={race.slug} tags={race.tags} current={race.t} n={race.n} h={race.h} />
      {race.preventa_abierta && <PresaleBanner race={race} className="" />}
      {banners}

      {race.estado === "preparing" && <NotifyForm race={{ slug: race.slug, categories: race.categorias }} />}

      {claimed && (
        <StatusBanner tone={claimed === "declined" ? "error" : "success"}>
          {claimed === "pending" ? m.race.claimThanks : claimed === "tagged" ? m.race.claimAlready : m.race.claimChecked}
        </StatusBanner>
      )}
      {race.n !== null && !race.m && (
        <h2 className="text-2xl font-black sm:text-3xl" data-testid="runner-heading">
          {fill(m.race.runner, { n: race.n })}
        </h2>
      )}
      {race.h !== null && (
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h2 className="text-2xl font-black sm:text-3xl" data-testid="around-heading">
            {fill(m.race.aroundHeading, { from: shiftClock(race.h, -AROUND_BEFORE_MINUTES), to: shiftClock(race.h, AROUND_AFTER_MINUTES) })}
          </h2>
          <Link
            to={href("race", lang, { slug: race.slug }, { t: race.t })}
            className="text-sm font-bold text-brand-700 underline underline-offset-2 hover:text-ink"
          >
            {m.race.aroundClear}
          </Link>
        </div>
      )}
      <MightBeYouHeading race={race} />
      {/* The full set is the runner's tagged photos: never offered on those that only might be theirs. */}
      {!race.m && offersFullset(race, race.n) && <FullsetOffer race={race} n={race.n} />}

      <p className="text-sm font-semibold text-slate-600" aria-live="polite" data-testid="result-count">
        {count}
      </p>

      {unregistered(race) && <UnregisteredNumber race={race} />}
      {race.fotos.length > 0 && <CartNeedsScript />}

      <RacePhotoGrid race={race} currency={currency} photoId={search.get("foto")} photoHref={photoHref} pageHref={pageHref} filtered={filtered} />

      <MightBeYouLink race={race} />

      {findByTime && <FindByTime race={race} />}
      {watchedBib !== null && <NotifyForm race={{ slug: race.slug, categories: race.categorias }} bib={watchedBib} seen={race.found_rows} />}
    </div>
  );
}

/** A failed server render (or a race that does not exist): a message, and a retry that reloads the same address. */
export function ErrorBoundary() {
  const error = useRouteError();
  const lang = useLang();
  const m = useMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageShell>
      <title>{`${notFound ? m.errors.pageNotFoundTitle : m.errors.generic} · ${m.brand.name}`}</title>
      <RaceHero race={null} />
      {notFound ? <NotFound message={m.errors.notFound} homeHref={href("home", lang)} /> : <LoadFailed message={m.race.loadFailed} note={m.race.cartKept} />}
    </PageShell>
  );
}
