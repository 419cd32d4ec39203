import { RemixBrowser } from "@remix-run/react";
import i18n from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { NAMESPACES, i18nConfig } from "~/i18n/config";
import { fetchBackend } from "~/i18n/fetch-backend";

async function hydrate() {
  await i18n
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nConfig,
      ns: getInitialNamespaces(),
      // The server rendered the page in this language; <html lang> says which.
      lng: document.documentElement.lang,
      detection: undefined,
      // The same versioned addresses as root.tsx's preloads (the server's <html data-locales>).
      backend: { version: document.documentElement.dataset.locales },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });

  // Signed-in pages link to pages of other namespaces; fetch those while the
  // user reads, so a client-side navigation never waits on (or suspends for)
  // a translation file. The public pages need only what they have.
  if (document.querySelector("[data-sidebar]")) {
    const later = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1000));
    later(() => void i18n.loadNamespaces([...NAMESPACES]));
  }
}

void hydrate();
