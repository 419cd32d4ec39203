// The system Chromium (Debian's package; nothing is ever downloaded) and the
// flags every headless run here uses: the tests, the bench, Lighthouse and the
// HTML checker's JavaScript pass.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
