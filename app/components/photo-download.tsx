import { useState } from "react";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { postJson } from "../purchase/order-api.ts";
import { CheckIcon } from "./icons.tsx";

/** Starts a browser download of a same-origin file link (the server names it `foto-{id}.jpg`). */
export function startDownload(url: string, fileName: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * One photo's download (SPEC §4: idle, spinner, check mark). Without
 * JavaScript it is a plain form the page's action answers with the file.
 */
export function PhotoDownload({ purchaseId, photoId }: { purchaseId: string; photoId: string }) {
  const m = useMessages();
  const lang = useLang();
  const [state, setState] = useState<"idle" | "loading" | "done" | "error">("idle");
  return (
    <form
      method="post"
      onSubmit={async (event) => {
        event.preventDefault();
        if (state === "loading") return;
        setState("loading");
        try {
          const { data } = await postJson<{ data: { img: string } }>("/api/download", { id: purchaseId, id_photo: photoId }, lang);
          startDownload(data.img, `foto-${photoId}.jpg`);
          setState("done");
        } catch {
          setState("error");
        }
      }}
    >
      <input type="hidden" name="intent" value="download" />
      <input type="hidden" name="photo" value={photoId} />
      <button
        type="submit"
        disabled={state === "loading"}
        aria-label={fill(m.purchasePage.downloadPhoto, { id: photoId })}
        className={`flex w-full items-center justify-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold ${
          state === "done" ? "bg-emerald-600 text-white" : "bg-ink text-white hover:bg-ink/90"
        } disabled:cursor-wait disabled:opacity-70`}
        data-testid="download-photo"
        data-state={state}
      >
        {state === "loading" && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" />}
        {state === "done" && <CheckIcon />}
        {state === "loading" ? m.purchasePage.downloading : state === "done" ? m.purchasePage.downloaded : m.purchasePage.download}
      </button>
      {state === "error" && (
        <p role="alert" className="mt-1 text-xs font-semibold text-red-700">
          {m.purchasePage.downloadFailed}
        </p>
      )}
    </form>
  );
}
