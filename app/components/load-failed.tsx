import { useLocation, useNavigate, useNavigation } from "react-router";
import { useMessages } from "../i18n/use-messages.ts";

/**
 * What a visitor sees when a request failed (issue 10): a short message and a
 * retry that runs the page's loaders again. The retry is a real link to the same
 * address, so it also works as a plain reload without JavaScript.
 */
export function LoadFailed({ message, note, testId = "load-failed" }: { message: string; note?: string; testId?: string }) {
  const m = useMessages();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const here = location.pathname + location.search;
  return (
    <div role="alert" className="mx-auto my-10 max-w-lg rounded-2xl bg-amber-50 p-6 text-center ring-1 ring-amber-200" data-testid={testId}>
      <p className="font-bold text-amber-900">{message}</p>
      {note && <p className="mt-1 text-sm text-amber-900">{note}</p>}
      <a
        href={here}
        onClick={(event) => {
          event.preventDefault();
          if (busy) return;
          // Same address again: React Router runs the loaders anew (cart and inputs stay).
          navigate(here, { replace: true, preventScrollReset: true });
        }}
        aria-disabled={busy || undefined}
        className="mt-4 inline-block rounded-full bg-ink px-6 py-2 font-bold text-white hover:bg-ink/90"
        data-testid="retry"
      >
        {busy ? `${m.common.loading}…` : m.common.retry}
      </a>
    </div>
  );
}
