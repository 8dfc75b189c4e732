/**
 * The shop's one test of an e-mail address, for every form (checkout,
 * pre-order, contact, notices, the back office) and the browser's checkout
 * button: something@domain.tld, 254 characters at most, without spaces or the
 * characters that would break a mail header (<>()[],;:"). We write to these
 * addresses; whether one exists only sending tells.
 */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(text);
}
