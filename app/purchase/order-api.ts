import type { OrderFormValues } from "../domain/order-form.ts";
import type { Lang } from "../i18n/langs.ts";

/** The request could not reach the shop (offline, timeout); the spec's "error sending data". */
export class NetworkError extends Error {
  constructor() {
    super("");
    this.name = "NetworkError";
  }
}

/** The shop answered with a refusal; `message` is already localized by the server. */
export class RefusedError extends Error {
  readonly status: number;
  /** The photos (ids) a refused purchase named that are no longer for sale. */
  readonly unavailable: string[];
  constructor(status: number, message: string, unavailable: string[] = []) {
    super(message);
    this.name = "RefusedError";
    this.status = status;
    this.unavailable = unavailable;
  }
}

/** POSTs `{ data }` as the spec's calls do and reads the JSON answer; failures become typed errors. */
export async function postJson<T>(path: string, data: unknown, lang: Lang): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${path}?lang=${lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ data }),
    });
  } catch {
    throw new NetworkError();
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string; unavailable?: string[] }; message?: string }) | null;
  if (!response.ok || body === null) throw new RefusedError(response.status, body?.error?.message ?? body?.message ?? "", body?.error?.unavailable);
  return body;
}

export async function getJson<T>(path: string, lang: Lang, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${path}?lang=${lang}`, { headers: { Accept: "application/json" }, signal });
  } catch {
    throw new NetworkError();
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok || body === null) throw new RefusedError(response.status, body?.error?.message ?? "");
  return body;
}

/** The buyer's part of every order payload (SPEC §3 checkout form), with the checkout's idempotency key. */
export const buyerData = (values: OrderFormValues, idempotencyKey: string) => ({
  idempotencyKey: idempotencyKey || undefined,
  country: values.country,
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  confirmEmail: values.confirmEmail.trim(),
});
