import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";

// End-to-end tests against the BUILT app (`npm run test:e2e` builds first),
// served by our server (server/index.js, as `npm start`) on its own port with a fresh SQLite file and the demo
// school (tests/e2e/global-setup.ts). They drive the system Chromium: no browser is ever downloaded.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const CI = !!process.env.CI;

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  },
};

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: "list",
  outputDir: "test-results",
  use: {
    baseURL,
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    trace: "off",
    screenshot: "off",
    video: "off",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false } },
  ],
  // The server: tests/e2e/global-setup.ts starts it on PORT (as every script does, scripts/lib/built-app.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
});
