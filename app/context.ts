import { createContext, type RouterContext } from "react-router";
import type { Services } from "./.server/services.ts";

// server.ts (run by Node) and the page bundle (built by Vite) each load this
// file; a process-wide symbol makes both see the same context key.
const KEY = Symbol.for("dorsal.services");
const registry = globalThis as unknown as Record<symbol, RouterContext<Services> | undefined>;

export const servicesContext: RouterContext<Services> = (registry[KEY] ??= createContext<Services>());
