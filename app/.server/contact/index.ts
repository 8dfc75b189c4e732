export { createContactService } from "./submit.ts";
export { contactInput } from "./input.ts";
export type { ContactInput } from "./input.ts";
