/**
 * The nonce our inline scripts carry in rendered HTML. Pages render this
 * placeholder; the server swaps it for a fresh random nonce in every response
 * (`.server/http/page-handler.ts`) and names that nonce in the
 * Content-Security-Policy, so only our own inline scripts run, even from a
 * cached page.
 */
export const NONCE_PLACEHOLDER = "dorsal-nonce-placeholder";
