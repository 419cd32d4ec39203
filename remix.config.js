// The Remix options of this app. The Vite plugin does not read this file by
// itself: vite.config.ts imports it and hands it to `remix(...)`, so this is
// the one place where future flags and route conventions are set.

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  // Tests and server-only helpers living next to routes are not routes.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
