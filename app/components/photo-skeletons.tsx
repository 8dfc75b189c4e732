import { useMessages } from "../i18n/use-messages.ts";

/** SPEC §9: 30 placeholders while a race's photos load. */
export const SKELETON_COUNT = 30;

export function PhotoSkeletons() {
  const m = useMessages();
  return (
    <div role="status" aria-live="polite" data-testid="photo-skeletons">
      <span className="sr-only">{m.common.loading}…</span>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-hidden="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" data-testid="photo-skeleton">
            <div className="aspect-[3/2] animate-pulse bg-slate-200 motion-reduce:animate-none" />
            <div className="space-y-2 p-2.5">
              <div className="flex justify-between">
                <div className="h-4 w-10 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
              </div>
              <div className="h-9 animate-pulse rounded-full bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
