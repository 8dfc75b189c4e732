import { dbId } from "../../domain/fields.ts";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, idParam, load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { BibReview } from "../../components/admin/bib-review.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { TaggingDesk } from "../../components/admin/tagging-desk.tsx";
import { TaggingGrid } from "../../components/admin/tagging-grid.tsx";
import { bibVerdict } from "../../domain/bib-verdict.ts";
import type { ReviewOutcome, TaggingView } from "../../components/admin/tagging-types.ts";
import { taggingData } from "../../admin/tagging-data.ts";
import { servicesContext } from "../../context.ts";
import { parseBibList } from "../../domain/bibs.ts";
import { toMinor } from "../../domain/money.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { shopPath } from "../../.server/web/index.ts";
import type { Route } from "./+types/race-tagging";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { admin } = context.get(servicesContext);
  return load(langFromPath(url.pathname), () => taggingData(admin, context.get(operatorContext), idParam(params.raceId), url));
}

const bibs = z.string().transform((text, ctx) => {
  try {
    return parseBibList(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "badBibs" });
    return z.NEVER;
  }
});
const whole = z
  .string()
  .trim()
  .regex(/^\d*$/)
  .transform((v) => (v ? toMinor(Number(v)) : null));

const saveForm = z.object({ intent: z.literal("save"), photoId: dbId, bibs, next: z.string().startsWith("/") });
const bulkForm = z.object({
  intent: z.literal("bulk"),
  action: z.enum(["addBibs", "removeBibs", "addTag", "removeTag", "free", "unfree", "sale", "clearSale", "hide", "show", "photographer", "delete"]),
  bibs: bibs.optional(),
  tagId: dbId.optional(),
  saleArs: whole.optional(),
  saleUsd: whole.optional(),
  /** The account credited with the photos; "none" credits nobody. */
  photographerId: z.union([z.literal("none"), dbId]).optional(),
  back: z.string().startsWith("/"),
});

const TIMING_MAX_BYTES = 5 * 1024 * 1024;
const REVIEW_INTENTS = { decide: 1, undoAuto: 1, claim: 1, recognitionSettings: 1, timing: 1, clearTiming: 1, startList: 1, clearStartList: 1 } as const;
const decideForm = z.object({ suggestionId: dbId, suggested: z.coerce.number().int(), bib: z.string().trim(), verdict: z.string().optional() });
const undoForm = z.object({ photoId: dbId, bib: dbId });
const claimForm = z.object({ claimId: dbId, verdict: z.enum(["accept", "reject"]) });
const settingsForm = z.object({
  threshold: z.coerce.number().min(60).max(100),
  window: z.coerce.number().int().min(1).max(3600),
  offset: z.coerce.number().int().min(-86_400).max(86_400),
});

/** The review queue's forms (they also work without JavaScript), the race's recognition settings and its timing file. */
async function reviewAction(
  lang: ReturnType<typeof langFromPath>,
  raceId: number,
  fields: Record<string, string>,
  form: FormData,
  context: Route.ActionArgs["context"],
) {
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const m = ADMIN_MESSAGES[lang];
  const intent = fields.intent as keyof typeof REVIEW_INTENTS;
  const refuse = (error: string, status = 400) => data<ReviewOutcome>({ ok: false, intent, error }, { status });
  if (intent === "decide") {
    const parsed = decideForm.safeParse(fields);
    if (!parsed.success) return refuse(m.errors.invalid);
    const { suggestionId, suggested, bib, verdict } = parsed.data;
    const decision = bibVerdict(bib, suggested, verdict === "reject");
    if (!decision) return refuse(m.review.badBib);
    const done = await attempt(lang, () => admin.bibs.decide(op, suggestionId, decision));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    throw redirect(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" }));
  }
  if (intent === "undoAuto") {
    const parsed = undoForm.safeParse(fields);
    if (!parsed.success) return refuse(m.errors.invalid);
    const done = await attempt(lang, () => admin.bibs.undoAuto(op, parsed.data.photoId, parsed.data.bib));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    throw redirect(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" }));
  }
  if (intent === "claim") {
    const parsed = claimForm.safeParse(fields);
    if (!parsed.success) return refuse(m.errors.invalid);
    const done = await attempt(lang, () => admin.bibs.decideClaim(op, parsed.data.claimId, parsed.data.verdict === "accept"));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    throw redirect(adminHref("adminRaceTagging", lang, { raceId }, { mode: "review" }));
  }
  if (intent === "recognitionSettings") {
    const parsed = settingsForm.safeParse(fields);
    if (!parsed.success) return refuse(m.errors.invalid);
    const { threshold, window, offset } = parsed.data;
    const done = await attempt(lang, () =>
      admin.bibs.saveSettings(op, raceId, { autoThreshold: threshold / 100, timingWindowSeconds: window, timingOffsetSeconds: offset }),
    );
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    return { ok: true as const, intent, redecided: done.value.redecided } satisfies ReviewOutcome;
  }
  if (intent === "clearTiming") {
    const done = await attempt(lang, () => admin.bibs.clearTiming(op, raceId));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    return { ok: true as const, intent, redecided: done.value.redecided } satisfies ReviewOutcome;
  }
  if (intent === "clearStartList") {
    const done = await attempt(lang, () => admin.bibs.clearStartList(op, raceId));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    return { ok: true as const, intent, redecided: done.value.redecided } satisfies ReviewOutcome;
  }
  const file = form.get("file");
  const starts = intent === "startList";
  if (!(file instanceof File) || file.size === 0) return refuse(starts ? m.review.startMissing : m.review.timingMissing);
  if (file.size > TIMING_MAX_BYTES) return refuse(starts ? m.review.startTooBig : m.review.timingTooBig, 413);
  const csv = await file.text();
  if (starts) {
    const done = await attempt(lang, () => admin.bibs.loadStartList(op, raceId, csv));
    if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
    const { loaded, entrants, redecided, errors } = done.value;
    const lines = errors.slice(0, 50);
    if (!loaded) return data<ReviewOutcome>({ ok: false, intent, error: m.review.startNothing, lines, lineCount: errors.length }, { status: 400 });
    return { ok: true as const, intent: "startList" as const, entrants, redecided, lines, lineCount: errors.length } satisfies ReviewOutcome;
  }
  const done = await attempt(lang, () => admin.bibs.loadTiming(op, raceId, csv));
  if (!done.ok) return data<ReviewOutcome>({ ...done.response.data, intent }, { status: done.response.init?.status ?? 400 });
  const { loaded, passings, redecided, errors } = done.value;
  // The screen lists the first lines that could not be read, each in the operator's language.
  const lines = errors.slice(0, 50);
  if (!loaded) return data<ReviewOutcome>({ ok: false, intent, error: m.review.timingNothing, lines, lineCount: errors.length }, { status: 400 });
  return { ok: true as const, intent: "timing" as const, passings, redecided, lines, lineCount: errors.length } satisfies ReviewOutcome;
}

/** The keyboard desk saves through /admin/api/photos/:id/tags; this action serves the same screen without JavaScript, and the grid's bulk form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const raceId = idParam(params.raceId);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const form = await request.formData();
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const m = ADMIN_MESSAGES[lang];
  if (fields.intent === "save") {
    const parsed = saveForm.safeParse(fields);
    if (!parsed.success) return { ok: false as const, error: m.tagging.badBibs };
    const tagIds = form.getAll("tag").map(Number).filter(Number.isInteger);
    const saved = await attempt(lang, () => admin.photos.tag(op, parsed.data.photoId, { bibs: parsed.data.bibs, tagIds }));
    if (!saved.ok) return saved.response;
    throw redirect(shopPath(parsed.data.next) ?? adminHref("adminRaceTagging", lang, { raceId }));
  }
  if (fields.intent in REVIEW_INTENTS) return reviewAction(lang, raceId, fields, form, context);
  const parsed = bulkForm.safeParse(fields);
  if (!parsed.success) return { ok: false as const, error: m.errors.invalid };
  const ids = form
    .getAll("ids")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const b = parsed.data;
  const change =
    b.action === "addBibs"
      ? { action: "addBibs" as const, bibs: b.bibs ?? [] }
      : b.action === "addTag" || b.action === "removeTag"
        ? { action: b.action, tagId: b.tagId ?? 0 }
        : b.action === "free" || b.action === "unfree"
          ? { action: "free" as const, free: b.action === "free" }
          : b.action === "sale" || b.action === "clearSale"
            ? { action: "sale" as const, saleArs: b.action === "sale" ? (b.saleArs ?? null) : null, saleUsd: b.action === "sale" ? (b.saleUsd ?? null) : null }
            : b.action === "hide" || b.action === "show"
              ? { action: "hidden" as const, hidden: b.action === "hide" }
              : b.action === "photographer"
                ? { action: "photographer" as const, photographerId: b.photographerId === "none" || b.photographerId === undefined ? null : b.photographerId }
                : { action: b.action };
  const done = await attempt(lang, () => admin.photos.bulk(op, raceId, ids, change));
  if (!done.ok) return done.response;
  const notes =
    b.action === "delete" ? { notice: "deleted", count: done.value.deleted, hidden: done.value.hidden } : { notice: "updated", count: done.value.count };
  throw redirect(shopPath(b.back, notes) ?? adminHref("adminRaceTagging", lang, { raceId }, notes));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langFromPath(location.pathname);
  const m = ADMIN_MESSAGES[lang];
  const name = loaderData ? loaderData.race.name[lang] || loaderData.race.name.es : "";
  return [{ title: `${fill(m.tagging.title, { race: name })} · ${m.brand}` }];
};

export default function RaceTagging({ loaderData, actionData }: Route.ComponentProps) {
  const { race, view, notice, count, hiddenCount } = loaderData;
  const m = useAdminMessages();
  const lang = useLang();
  const link = (patch: Partial<TaggingView>) => {
    const next = { mode: view.mode, filter: view.filter, ...patch };
    return adminHref(
      "adminRaceTagging",
      lang,
      { raceId: race.id },
      {
        mode: next.mode === "single" ? undefined : next.mode,
        filter: next.filter === "all" || next.mode === "review" ? undefined : next.filter,
        after: next.after,
        before: next.before,
        from: next.from,
      },
    );
  };
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-semibold ${active ? "bg-ink text-white" : "bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50"}`;
  return (
    <>
      <PageHeader title={fill(m.tagging.title, { race: race.name[lang] || race.name.es })}>
        <nav className="flex gap-1" aria-label={m.tagging.single + " / " + m.tagging.grid}>
          <Link to={link({ mode: "single" })} className={tab(view.mode === "single")} aria-current={view.mode === "single" ? "page" : undefined}>
            {m.tagging.single}
          </Link>
          <Link to={link({ mode: "grid" })} className={tab(view.mode === "grid")} aria-current={view.mode === "grid" ? "page" : undefined}>
            {m.tagging.grid}
          </Link>
          <Link
            to={link({ mode: "review", after: undefined, before: undefined, from: undefined })}
            className={tab(view.mode === "review")}
            aria-current={view.mode === "review" ? "page" : undefined}
            data-testid="review-tab"
          >
            {m.tagging.review}
          </Link>
        </nav>
        {view.mode !== "review" && (
          <nav className="flex gap-1" aria-label={m.common.filter}>
            <Link to={link({ filter: "all" })} className={tab(view.filter === "all")} aria-current={view.filter === "all" ? "page" : undefined}>
              {m.tagging.filterAll}
            </Link>
            <Link to={link({ filter: "untagged" })} className={tab(view.filter === "untagged")} aria-current={view.filter === "untagged" ? "page" : undefined}>
              {m.tagging.filterUntagged}
            </Link>
            <Link to={link({ filter: "review" })} className={tab(view.filter === "review")} aria-current={view.filter === "review" ? "page" : undefined}>
              {m.tagging.filterReview}
            </Link>
          </nav>
        )}
      </PageHeader>
      {notice === "updated" && <Notice kind="ok">{fill(m.tagging.updated, { count }, lang)}</Notice>}
      {notice === "deleted" && <Notice kind="ok">{fill(m.tagging.deleted, { deleted: count, hidden: hiddenCount }, lang)}</Notice>}
      {actionData && !actionData.ok && !("intent" in actionData) && <Notice kind="error">{actionData.error}</Notice>}
      {view.mode === "review" ? (
        <BibReview data={loaderData} link={link} outcome={actionData && "intent" in actionData ? actionData : undefined} />
      ) : view.mode === "grid" ? (
        <TaggingGrid key={`${view.filter}-${view.after}-${view.before}-${view.from}`} data={loaderData} link={link} />
      ) : (
        <TaggingDesk key={`${view.filter}-${view.after}-${view.before}-${view.from}`} data={loaderData} link={link} />
      )}
    </>
  );
}
