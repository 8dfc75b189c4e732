/**
 * POSTs JSON to a back-office API with the session's CSRF token. Resolves to the
 * answer's `data`; rejects with the API's own (localized) message when refused.
 */
export async function postAdminJson<T = unknown>(url: string, body: unknown, csrfToken: string): Promise<T | undefined> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: T; error?: { message: string } };
  if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
  return answer.data;
}
