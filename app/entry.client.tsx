import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { langFromPath } from "./i18n/langs.ts";
import { loadMessages, PAGE_TEXTS_ID, provideMessages, type Messages } from "./i18n/messages/index.ts";

// React Router's default client entry, after one step: the page's language
// texts are in place before hydrating. The page names their file and preloads
// it (the browser keeps it for every page of that language; the other two
// languages are never downloaded unless the visitor switches); without it,
// the language's chunk.
const lang = langFromPath(window.location.pathname);
const textsHref = document.getElementById(PAGE_TEXTS_ID)?.getAttribute("href");
const fromFile = textsHref
  ? fetch(textsHref)
      .then((response) => (response.ok ? (response.json() as Promise<Messages>) : Promise.reject(new Error(String(response.status)))))
      .then((messages) => provideMessages(lang, messages))
  : Promise.reject(new Error("no texts file named"));

void fromFile
  .catch(() => loadMessages(lang))
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
