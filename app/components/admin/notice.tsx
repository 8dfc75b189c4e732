import type { ReactNode } from "react";

/** A success or error banner; errors are announced at once to screen readers. */
export function Notice({ kind, children }: { kind: "ok" | "error" | "info"; children: ReactNode }) {
  const styles = {
    ok: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    error: "bg-red-50 text-red-900 ring-red-200",
    info: "bg-sky-50 text-sky-900 ring-sky-200",
  }[kind];
  return (
    <p role={kind === "error" ? "alert" : "status"} className={`my-4 rounded-lg px-4 py-3 text-sm ring-1 ${styles}`}>
      {children}
    </p>
  );
}
