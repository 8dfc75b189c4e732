import { z } from "zod";
import { emailField, nameField } from "../../domain/fields.ts";

/** SPEC §5: name, e-mail and message required; phone optional. */
export const contactInput = z.object({
  name: nameField(120),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  message: z.string().trim().min(1).max(5000),
});

export type ContactInput = z.output<typeof contactInput>;
