import type { ReactNode } from "react";

/**
 * The green success or red error banner after a form is sent. It stays in the
 * page as a live region so screen readers announce the text when it appears.
 */
export function StatusBanner({ tone, children, id }: { tone: "success" | "error" | null; children?: ReactNode; id?: string }) {
  const style = tone === "success" ? "bg-emerald-50 text-emerald-900 ring-emerald-600/30" : tone === "error" ? "bg-red-50 text-red-900 ring-red-600/30" : "";
  return (
    <div id={id} role="status" aria-live="polite">
      {tone && (
        <p data-tone={tone} role={tone === "error" ? "alert" : undefined} className={`flex items-start gap-2 rounded-xl p-4 font-semibold ring-1 ${style}`}>
          <span aria-hidden="true" className="mt-0.5 inline-flex h-5 w-5 flex-none items-center justify-center rounded-full bg-current">
            <svg viewBox="0 0 20 20" className="h-3.5 w-3.5 text-white" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
              {tone === "success" ? <path d="M5 10.5l3.2 3L15 6.5" /> : <path d="M10 5.5v5.5M10 14.5v.01" />}
            </svg>
          </span>
          <span>{children}</span>
        </p>
      )}
    </div>
  );
}
