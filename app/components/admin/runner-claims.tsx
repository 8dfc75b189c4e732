import { Form } from "react-router";
import { fill } from "../../i18n/messages/index.ts";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";
import { CsrfField } from "./csrf-field.tsx";
import type { TaggingData } from "./tagging-types.ts";

type Claims = NonNullable<TaggingData["review"]>["claims"];

/**
 * Runners' "this is me" on photos their number is not on, beside the review
 * queue: the photo, the number, and a photo already tagged with that number
 * to compare the runner's look with. "Yes" tags the number there (a person's
 * tag: it reaches the photo's burst), "not them" drops it for good. Plain
 * forms, so they work without JavaScript.
 */
export function RunnerClaims({ claims }: { claims: Claims }) {
  const t = useAdminMessages().review;
  if (claims.total === 0) return null;
  return (
    <section aria-labelledby="runner-claims-title" data-testid="runner-claims">
      <h2 id="runner-claims-title" className="scroll-mt-20 text-lg font-bold text-ink">
        {t.claimsTitle} <span className="ml-1 rounded-full bg-sky-100 px-2 py-0.5 text-sm tabular-nums text-sky-900">{claims.total}</span>
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.claimsHelp}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {claims.items.map((claim) => (
          <li
            key={claim.id}
            className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
            data-testid="claim-item"
            data-bib={claim.bib}
          >
            <div className="flex gap-3">
              <img
                src={claim.thumb}
                alt={fill(t.claimPhoto, { frame: claim.frame })}
                className="aspect-[3/2] w-2/3 rounded-lg bg-slate-200 object-cover"
                loading="lazy"
              />
              <div className="min-w-0 flex-1 text-xs text-slate-600">
                <p className="font-mono text-2xl font-bold leading-tight text-ink">#{claim.bib}</p>
                <p className="mt-1 font-semibold text-slate-800">{fill(t.claimSays, { bib: claim.bib })}</p>
              </div>
            </div>
            <p className="-mt-1 text-xs text-slate-500">
              {claim.frame}
              {claim.takenAt && ` · ${claim.takenAt.slice(11, 19)}`}
            </p>
            {claim.seenIn ? (
              <div className="flex items-center gap-2 text-xs text-slate-600">
                <span className="flex-1">{fill(t.claimSeenIn, { bib: claim.bib })}</span>
                <img
                  src={claim.seenIn.thumb}
                  alt={fill(t.claimPhoto, { frame: claim.seenIn.frame })}
                  className="aspect-[3/2] w-1/3 rounded-lg bg-slate-200 object-cover"
                  loading="lazy"
                />
              </div>
            ) : (
              <p className="text-xs text-slate-500">{fill(t.claimSeenNone, { bib: claim.bib })}</p>
            )}
            <Form method="post" className="mt-auto flex gap-2">
              <CsrfField />
              <input type="hidden" name="intent" value="claim" />
              <input type="hidden" name="claimId" value={claim.id} />
              <button
                type="submit"
                name="verdict"
                value="accept"
                className="flex-1 rounded-lg bg-emerald-700 px-3 py-2 text-sm font-bold text-white hover:bg-emerald-800"
                data-testid="claim-accept"
              >
                {fill(t.claimAccept, { bib: claim.bib })}
              </button>
              <button
                type="submit"
                name="verdict"
                value="reject"
                className="rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                data-testid="claim-reject"
              >
                {t.claimReject}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {claims.total > claims.items.length && (
        <p className="mt-2 text-xs text-slate-500">{fill(t.claimsMore, { shown: claims.items.length, total: claims.total })}</p>
      )}
    </section>
  );
}
