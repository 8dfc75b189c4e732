import { useState } from "react";

export type SendState = "idle" | "sending" | "success" | "error";

/**
 * Posts `{ data }` as JSON to an API that answers `{ data: { status } }` and
 * tracks idle → sending → success | error (anything but status "success",
 * including a network failure, is an error).
 */
export function useStatusPost(url: string, initial: SendState = "idle") {
  const [state, setState] = useState<SendState>(initial);
  async function send(data: Record<string, FormDataEntryValue | null>) {
    setState("sending");
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ data }),
      });
      const body = (await response.json().catch(() => null)) as { data?: { status?: string } } | null;
      setState(body?.data?.status === "success" ? "success" : "error");
    } catch {
      setState("error");
    }
  }
  return { state, send };
}
