import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { langFromPath } from "./i18n/langs.ts";
import { loadMessages, PAGE_TEXTS_ID, provideMessages, type Messages } from "./i18n/messages/index.ts";

// React Router's default client entry, after one step: the page's language
// texts, which the page carries as JSON (the other two are never downloaded
// unless the visitor switches language), are in place before hydrating.
const lang = langFromPath(window.location.pathname);
const carried = document.getElementById(PAGE_TEXTS_ID)?.textContent;
if (carried) provideMessages(lang, JSON.parse(carried) as Messages);

void (carried ? Promise.resolve() : loadMessages(lang)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
