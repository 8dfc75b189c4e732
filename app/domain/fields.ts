import { z } from "zod";
import { parseRunnerNumber } from "./bibs.ts";
import { isEmailAddress } from "./email.ts";
import { DB_INT_MAX } from "./ids.ts";

// Form fields several forms share (checkout, pre-order, contact, notices, the back office).

/** An e-mail address (domain/email.ts), trimmed. */
export const emailField = z.string().trim().refine(isEmailAddress);

/** A runner number as typed or sent (domain/bibs.ts parseRunnerNumber), as a number. */
export const runnerNumberField = z
  .union([z.string(), z.number()])
  .transform((v) => parseRunnerNumber(String(v)))
  .pipe(z.number().int().positive());

/** One line, inner whitespace collapsed: names end up in mail headers. */
export const nameField = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1).max(max));

/** A database id from a form or query: positive, whole and within an integer column. */
export const dbId = z.coerce.number().int().positive().max(DB_INT_MAX);
