import { createContext, type RouterContext } from "react-router";
import type { Services } from "./.server/services.ts";

// server.ts (run by Node) and the page bundle (built by Vite) each load this
// file; a process-wide symbol makes both see the same context key.
const KEY = Symbol.for("dorsal.services");
const registry = globalThis as unknown as Record<symbol, RouterContext<Services> | undefined>;

export const servicesContext: RouterContext<Services> = (registry[KEY] ??= createContext<Services>());

/** Who is asking, as the server saw it (behind a trusted proxy, the forwarded address); for rate limits. */
export type Client = { ip: string };
const CLIENT_KEY = Symbol.for("dorsal.client");
const clients = globalThis as unknown as Record<symbol, RouterContext<Client> | undefined>;
export const clientContext: RouterContext<Client> = (clients[CLIENT_KEY] ??= createContext<Client>({ ip: "" }));
