/**
 * Typed failures a service may raise. Routes map them to an HTTP status and a
 * localized message through one function (`http/failure.ts` failureOf); anything
 * else is a bug (500).
 * Matched by `status`, not instanceof: the server and the page bundle each load
 * their own copy of this file.
 */
export type ErrorCode = "NotFound" | "Invalid" | "Conflict" | "PaymentRequired" | "Forbidden" | "TooMany" | "Unavailable";

const STATUS: Record<ErrorCode, number> = {
  Invalid: 400,
  PaymentRequired: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooMany: 429,
  // A service we depend on (a payment provider) did not answer; trying again later may work.
  Unavailable: 503,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** A message key under `errors.` in i18n/messages, with its parameters. */
  readonly key: string;
  readonly params: Record<string, string | number>;
  /** The public ids of the photos a refused purchase named that are no longer for sale (the checkout takes them out of the cart). */
  unavailable?: string[];
  constructor(code: ErrorCode, key: string, params: Record<string, string | number> = {}, detail?: string) {
    super(detail ?? `${code}: ${key}`);
    this.code = code;
    this.status = STATUS[code];
    this.key = key;
    this.params = params;
  }
}

/** A purchase refused because these photos (public ids) are gone, hidden or no longer on sale since they were put in the cart. */
export function photosUnavailable(publicIds: string[]): DomainError {
  const error = conflict("photoUnavailable");
  error.unavailable = publicIds;
  return error;
}

export const notFound = (key = "notFound", params?: Record<string, string | number>) => new DomainError("NotFound", key, params);
export const invalid = (key = "invalid", params?: Record<string, string | number>) => new DomainError("Invalid", key, params);
export const conflict = (key = "conflict", params?: Record<string, string | number>) => new DomainError("Conflict", key, params);

export function isDomainError(error: unknown): error is DomainError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as DomainError).status === "number" &&
    typeof (error as DomainError).key === "string" &&
    typeof (error as DomainError).code === "string"
  );
}
