import { z } from "zod";
import { emailField, nameField, runnerNumberField } from "../../domain/fields.ts";

/**
 * The preparing-race form (SPEC §3): first name, last name, e-mail, category, runner number, plus the race;
 * on a published race, how many photos of the number the runner found (0 when not said): they hear of more.
 */
export const notifyInput = z.object({
  firstName: nameField(80),
  lastName: nameField(80),
  email: emailField.transform((e) => e.toLowerCase()),
  category: z
    .string()
    .trim()
    .max(80)
    .nullish()
    .transform((v) => v || null),
  runnerNumber: runnerNumberField,
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
  photosSeen: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export type NotifyInput = z.output<typeof notifyInput>;
