import { z } from "zod";
import { DB_INT_MAX } from "../../domain/ids.ts";

// Form fields several public forms share (contact, preparing-race notice).

/** A plausible address: we write to it, so it must at least look deliverable. */
export const emailField = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/);

/** One line, inner whitespace collapsed: names end up in mail headers. */
export const nameField = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1).max(max));

/** A database id from a form or query: positive, whole and within an integer column. */
export const dbId = z.coerce.number().int().positive().max(DB_INT_MAX);
