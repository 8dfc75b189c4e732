import { type FormEvent, useId, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { type ClaimRefusal, type ClaimResult, claimRefusalOf, sendClaim } from "../storefront/claim.ts";

/** The page's address without a previous answer's `claim` and `claimed`: where a refused plain post comes back to. */
function backTo(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("claim");
  params.delete("claimed");
  return params.size ? `${pathname}?${params}` : pathname;
}

/**
 * "Is this you?" in the photo viewer: a runner who found themselves in a
 * photo their number is not on (browsing by time, a friend's photos) says so
 * with their number. It waits for a person at the shop; meanwhile the photo
 * shows among the ones that might be theirs. A details box and a plain form
 * post without JavaScript (api.claim.ts comes back with `?claim=`); in place
 * with it.
 */
export function ClaimPhoto({ slug, photoId, bib }: { slug: string; photoId: string; bib: number | null }) {
  const lang = useLang();
  const m = useMessages();
  const id = useId();
  const location = useLocation();
  const [search] = useSearchParams();
  const returned = claimRefusalOf(search.get("claim"));
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ClaimResult | undefined>(returned && { ok: false });
  const refusal = (why: ClaimRefusal | undefined) => {
    const n = search.get("claimed") ?? "";
    if (why === "number") return m.errors.invalidRunner;
    if (why === "unregistered") return fill(m.errors.claimNotRegistered, { n });
    if (why === "full") return m.errors.claimsFull;
    return m.lightbox.claimFailed;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setResult(await sendClaim({ slug, photo: photoId, n: String(new FormData(event.currentTarget).get("n") ?? "") }, lang));
    setSending(false);
  }

  const answer = result?.ok ? result : undefined;
  const error = result && !result.ok ? (result.message ?? refusal(returned)) : undefined;
  const link = "font-bold text-brand-500 underline underline-offset-2 hover:text-white";
  return (
    <details className="mb-3 text-sm" open={returned !== undefined} data-testid="claim-photo">
      <summary className="mx-auto w-fit cursor-pointer list-none rounded-full bg-black/70 px-4 py-1.5 font-bold text-white ring-1 ring-white/30 hover:bg-black [&::-webkit-details-marker]:hidden">
        {m.lightbox.claimOpen}
      </summary>
      {answer ? (
        <p className="mx-auto mt-2 max-w-md rounded-2xl bg-black/75 p-3 text-center" role="status" data-testid="claim-answer">
          {answer.claim === "pending" && (
            <>
              {fill(m.lightbox.claimPending, { n: answer.n })}{" "}
              <Link to={href("race", lang, { slug }, { n: answer.n, m: 1 })} className={link}>
                {m.lightbox.claimPendingLink}
              </Link>
            </>
          )}
          {answer.claim === "tagged" && (
            <>
              {fill(m.lightbox.claimTagged, { n: answer.n })}{" "}
              <Link to={href("race", lang, { slug }, { n: answer.n })} className={link}>
                {m.lightbox.claimTaggedLink}
              </Link>
            </>
          )}
          {answer.claim === "declined" && fill(m.lightbox.claimDeclined, { n: answer.n })}
        </p>
      ) : (
        <form
          method="post"
          action="/api/claim"
          onSubmit={onSubmit}
          className="mx-auto mt-2 flex max-w-md flex-wrap items-end justify-center gap-2 rounded-2xl bg-black/75 p-3"
        >
          <p className="w-full text-center text-slate-300">{m.lightbox.claimIntro}</p>
          <input type="hidden" name="slug" value={slug} />
          <input type="hidden" name="photo" value={photoId} />
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="back" value={backTo(location.pathname, location.search)} />
          <label htmlFor={id} className="sr-only">
            {m.lightbox.claimNumber}
          </label>
          <input
            id={id}
            name="n"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={9}
            required
            autoComplete="off"
            placeholder={m.lightbox.claimNumber}
            defaultValue={search.get("claimed") ?? bib ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-10 w-32 rounded-full border border-white/30 bg-black/40 px-4 text-base tabular-nums text-white placeholder:text-slate-400"
            data-testid="claim-number"
          />
          <button
            type="submit"
            disabled={sending}
            className="h-10 rounded-full bg-white px-4 font-black text-ink hover:bg-brand-500 disabled:opacity-60"
            data-testid="claim-submit"
          >
            {sending ? m.lightbox.claimSending : m.lightbox.claimSubmit}
          </button>
          {error && (
            <p id={`${id}-error`} role="alert" className="w-full text-center font-bold text-red-300" data-testid="claim-error">
              {error}
            </p>
          )}
        </form>
      )}
    </details>
  );
}
