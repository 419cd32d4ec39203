import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition, useSyncExternalStore } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { currentTranslations, loadNamespaces, startTranslations, subscribeTranslations } from "~/i18n/client";
import { NAMESPACES } from "~/i18n/config";
import { TranslationsProvider } from "~/i18n/react";

/** The page's translations, a new value when the language changes (root.tsx's useChangeLanguage). */
function Translated({ children }: { children: React.ReactNode }) {
  const translations = useSyncExternalStore(subscribeTranslations, currentTranslations, currentTranslations);
  return <TranslationsProvider value={translations}>{children}</TranslationsProvider>;
}

async function hydrate() {
  // The server rendered the page in this language; <html lang> says which,
  // and <html data-locales> the version of the files (root.tsx preloads them).
  const { lang, dataset } = document.documentElement;
  await startTranslations(lang, getInitialNamespaces(), dataset.locales);

  startTransition(() => {
    hydrateRoot(
      document,
      <Translated>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </Translated>,
    );
  });

  // Signed-in pages link to pages of other namespaces; fetch those while the
  // user reads, so a client-side navigation never waits on (or suspends for)
  // a translation file. The public pages need only what they have.
  if (document.querySelector("[data-sidebar]")) {
    const later = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1000));
    later(() => void loadNamespaces([...NAMESPACES]));
  }
}

// This module shares its file with React and Remix (config/client-packages.ts:
// one request fewer on every page), and the page's route modules import that
// file, so it runs before the page's inline script has set
// window.__remixRouteModules and the manifest. The module graph runs in one
// go: a microtask starts once the inline script has finished.
queueMicrotask(() => void hydrate());
