// An operator's answer to a bib suggestion in the review queue (the screen
// with JavaScript and its plain form without): the number they left or typed,
// or "not a bib". One rule for both, so they never disagree.

export type BibVerdict = { action: "accept" } | { action: "reject" } | { action: "correct"; bib: number };

/**
 * Rejected, or left empty: reject. The suggested number: accept. Another
 * number (1 to 6 digits): correct to it. Anything else is no bib number:
 * undefined, for the screen to say so.
 */
export function bibVerdict(typed: string, suggested: number, reject = false): BibVerdict | undefined {
  const text = typed.trim();
  if (reject || !text) return { action: "reject" };
  if (!/^\d{1,6}$/.test(text)) return undefined;
  return Number(text) === suggested ? { action: "accept" } : { action: "correct", bib: Number(text) };
}
