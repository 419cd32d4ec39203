import { type ComponentType, type ReactNode, Suspense } from "react";

/**
 * A part of the page the server renders with it, whose code the browser
 * fetches as a file of its own and hydrates once that file is in, after the
 * rest of the page (issue 18's bundle budget). For the signed-in layout's
 * parts that only some users see (the transfer bell): a browser fetches
 * their code only for a user who sees them.
 *
 * Use it as `import.meta.env.SSR ? Component : hydrateLater(load)`, so that
 * the server renders the component itself and the browser's build leaves its
 * static import out. Until the file is in, the server's HTML stays as drawn
 * (React keeps a dehydrated Suspense boundary): links are links, and the
 * forms post without JavaScript. `preload()` fetches it ahead, so a page
 * reached by a client-side navigation renders it at once (routes/_app.tsx).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let failed = false;
  let loading: Promise<void> | undefined;
  // Never rejects: a file that could not be fetched leaves the part out (a
  // rejected promise thrown again on every retry would never settle the page).
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      () => {
        failed = true;
      },
    ));
  function Later(props: P) {
    if (failed) return null;
    if (!loaded) throw preload();
    const Component = loaded;
    return <Component {...props} />;
  }
  return Object.assign(Later, { preload });
}

/** Fetches a hydrateLater part's code ahead; nothing to do on the server, where it is the component itself. */
export function preloadPart(part: object): Promise<void> | undefined {
  const { preload } = part as { preload?: () => Promise<void> };
  return preload?.();
}

/** The Suspense boundary a hydrateLater part sits in: nothing shows in its place until it is in. */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
