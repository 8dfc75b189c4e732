export { createAdmin, ensureFirstAdmin } from "./accounts.ts";
export type { Role } from "./accounts.ts";
export { hashPassword, verifyPassword, generatePassword } from "./passwords.ts";
