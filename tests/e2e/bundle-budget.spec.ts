import { expect, test } from "@playwright/test";
import { SERVER_ONLY_PACKAGES, readChunkPackages, routeBundles } from "../../scripts/bench/bundle";

// Issue 9: no route ships a library it does not use, and what the browser
// downloads is cached for good. Reads the build that `npm run test:e2e` made
// (the sizes themselves are printed by `npm run bench`, not asserted here).

test.skip(() => test.info().project.name === "nojs", "about the build, not about the page");

test("no route's JavaScript carries pdf-lib, rrule or date-fns locales", () => {
  expect(readChunkPackages(), "build/.vite/client-packages.json, written by the build").not.toBeNull();
  const bundles = routeBundles();
  expect(bundles.length).toBeGreaterThan(40);
  const shipping = bundles.flatMap((b) =>
    b.packages.filter((p) => SERVER_ONLY_PACKAGES.includes(p)).map((p) => `${b.id}: ${p}`),
  );
  expect(shipping).toEqual([]);
  // The report does see packages: react-dom is on every route.
  expect(bundles.every((b) => b.packages.includes("react-dom"))).toBe(true);
});

test("scripts are cached as immutable for a year, the page's styles are inline, and there is a favicon", async ({
  request,
}) => {
  const html = await (await request.get("/authentication/login")).text();
  expect(html).toMatch(/<style id="app-css">[^<]{1000,}<\/style>/);
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toMatch(/max-age=31536000/);
  expect(asset.headers()["cache-control"]).toMatch(/immutable/);
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toContain("svg");
});
