import { createContext } from "react-router";
import type { Operator } from "../.server/staff/index.ts";

/** The operator of a back-office request, set by the admin-session middleware. */
export const operatorContext = createContext<Operator>();
