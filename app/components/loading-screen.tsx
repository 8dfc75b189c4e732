import { useMessages } from "../i18n/use-messages.ts";
import { LogoMark } from "./logo.tsx";

/** A pulsing mark and the word for loading, for a screen whose data is on its way. */
export function LoadingScreen() {
  const m = useMessages();
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-4 py-24 text-slate-600" data-testid="loading-screen">
      <LogoMark className="h-16 w-16 animate-pulse motion-reduce:animate-none" />
      <p className="text-lg font-bold">{m.common.loading}…</p>
    </div>
  );
}
