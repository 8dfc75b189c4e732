import { useEffect } from "react";
import { langFromPath } from "../i18n/langs.ts";

/**
 * First-party analytics (SPEC §2: a page-view event on each title change): when
 * the document title changes, one beacon to our own /api/pageview with the
 * path and language. No cookies, no third parties.
 */
export function PageViewBeacon() {
  useEffect(() => {
    let last = "";
    const report = () => {
      // Only the title counts: the URL changes a moment before the new title arrives.
      if (!document.title || document.title === last) return;
      last = document.title;
      const { pathname } = window.location;
      const body = JSON.stringify({ data: { path: pathname, lang: langFromPath(pathname) } });
      const sent = navigator.sendBeacon?.("/api/pageview", new Blob([body], { type: "application/json" }));
      if (!sent) void fetch("/api/pageview", { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
    };
    report();
    // React Router swaps the <title> after each navigation; watching the head sees every change.
    const observer = new MutationObserver(report);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
