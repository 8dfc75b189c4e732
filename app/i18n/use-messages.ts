import { useLocation } from "react-router";
import { langFromPath, type Lang } from "./langs.ts";
import { messagesOf, type Messages } from "./messages/index.ts";

/** The current page's language, read from its path (the route sets the language). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

export function useMessages(): Messages {
  return messagesOf(useLang());
}
