import { useRef } from "react";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import { useFocusTrap } from "./use-focus-trap.ts";

/**
 * SPEC §4's checkout popup: an e-mail will be sent; the button says
 * "processing" (disabled) until the server returns a link, then leads to it.
 */
export function ProcessingModal({ email, link }: { email: string; link: string | null }) {
  const m = useMessages();
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, true);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/60 p-4" data-testid="processing-modal">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="processing-title"
        className="w-full max-w-md rounded-3xl bg-white p-6 text-center shadow-2xl sm:p-8"
      >
        <h2 id="processing-title" className="text-2xl font-black text-ink">
          {m.orderForm.modalTitle}
        </h2>
        <p className="mt-3 text-slate-700">{fill(m.orderForm.modalText, { email })}</p>
        {link ? (
          <a href={link} className="mt-6 inline-block w-full rounded-full bg-brand-500 px-6 py-3 font-black text-ink hover:bg-brand-600" data-testid="continue">
            {m.orderForm.continue}
          </a>
        ) : (
          <button
            type="button"
            disabled
            className="mt-6 flex w-full cursor-wait items-center justify-center gap-2 rounded-full bg-slate-300 px-6 py-3 font-black text-slate-700"
            data-testid="processing"
          >
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-600 border-t-transparent" />
            {m.orderForm.processing}
          </button>
        )}
      </div>
    </div>
  );
}
