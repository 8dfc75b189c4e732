/** A back-office API's refusal: its own (localized) message, and its HTTP status. */
export class AdminRefusal extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "AdminRefusal";
    this.status = status;
  }
}

/**
 * Refused because someone else got there first: the item is gone (404) or
 * already decided (409). Nothing to put back; the screen's list is stale.
 */
export const settledElsewhere = (error: unknown): boolean => error instanceof AdminRefusal && (error.status === 404 || error.status === 409);

/**
 * POSTs JSON to a back-office API with the session's CSRF token. Resolves to the
 * answer's `data`; rejects with an `AdminRefusal` (the API's message and status)
 * when refused, or with the network's error when no answer came.
 */
export async function postAdminJson<T = unknown>(url: string, body: unknown, csrfToken: string): Promise<T | undefined> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: T; error?: { message: string } };
  if (!response.ok) throw new AdminRefusal(answer.error?.message ?? `HTTP ${response.status}`, response.status);
  return answer.data;
}
