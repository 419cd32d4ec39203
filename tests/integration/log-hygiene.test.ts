import { format } from "node:util";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN } from "../helpers/fixtures";

// Issue 16 L5, the app's side: what Remix and the app write to the log
// (entry.server's handleError, its warnings) escapes control characters in
// the values it includes and never holds a set-password token. Remix's own
// request handler runs with entry.server as its entry and two routes, so the
// errors are the ones Remix really makes (a `?_data=` route id that matches
// nothing, a method without an action, a cross-site form post).

useTestDatabase();

const TOKEN = "SECRETtoken0042xyz";
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const saved = process.env.DEMO_DATA;
  process.env.DEMO_DATA = "off"; // entry.server prepares the database when imported
  let entry: typeof import("~/entry.server");
  try {
    entry = await import("~/entry.server");
  } finally {
    if (saved === undefined) delete process.env.DEMO_DATA;
    else process.env.DEMO_DATA = saved;
  }
  const page = { default: () => null, loader: () => ({ ok: true }) };
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: page },
      "routes/authentication.set-password.$token": {
        id: "routes/authentication.set-password.$token",
        parentId: "root",
        path: "authentication/set-password/:token",
        module: page,
      },
    },
    assets: { routes: {}, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    publicPath: "/assets/",
    assetsBuildDirectory: "build/client/assets",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: false,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
  handle = createRequestHandler(build, "production");
});

/** Every line the app wrote to the console while `run` ran (as the console would print it). */
async function logged(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(...format(...args).split("\n"));
  const spies = (["error", "warn", "log", "info"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(keep),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

function expectClean(lines: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).not.toMatch(/^\s*FORGED/);
    expect(line).not.toMatch(/[\r\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028]/);
    expect(line).not.toContain(TOKEN);
  }
}

describe("app logs", () => {
  it.each([
    ["a newline", "routes%2F%24%0AFORGED%20GET%20%2Fadmin%20200"],
    ["CR LF", "routes%2Fx%0D%0AFORGED"],
    ["ESC and C1", "routes%2Fx%1B%5B2K%C2%85FORGED"],
    ["a line separator", "routes%2Fx%E2%80%A8FORGED"],
  ])("a `?_data=` route id with %s starts no forged line", async (_, id) => {
    const lines = await logged(async () => {
      const response = await handle(new Request(`${ORIGIN}/?_data=${id}`));
      expect(response.status).toBe(403);
    });
    expectClean(lines);
    // The message is still there, with the route id escaped.
    expect(lines.join("\n")).toContain("does not match URL");
  });

  it("a set-password token is in no message about its page", async () => {
    const path = `/authentication/set-password/${TOKEN}`;
    const lines = await logged(async () => {
      // A route id that matches nothing (Remix names the URL in its error).
      expect((await handle(new Request(`${ORIGIN}${path}?_data=routes%2Fnope%0AFORGED`))).status).toBe(403);
      // A method the page has no action for (405 warning names the path).
      await handle(
        new Request(`${ORIGIN}${path}?_data=routes%2Fauthentication.set-password.%24token`, {
          method: "POST",
          headers: { Origin: ORIGIN },
        }),
      );
      // A cross-site document post (Remix's own Origin check; the warning names the path).
      await handle(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Origin: "https://evil.example", Host: "localhost" },
        }),
      ).catch(() => null);
    });
    expectClean(lines);
    const text = lines.join("\n");
    expect(text).toContain("/authentication/set-password/[redacted]");
    expect(text).toMatch(/Refused POST \/authentication\/set-password\/\[redacted\]: no action takes it/);
    expect(text).toMatch(/Refused cross-site POST \/authentication\/set-password\/\[redacted\]/);
  });

  it("an error a loader throws is logged with its message escaped and its stack frames on their own lines", async () => {
    const lines = await logged(async () => {
      const entry = await import("~/entry.server");
      entry.handleError(new Error(`bad value "a\nFORGED" at /authentication/set-password/${TOKEN}`), {
        request: new Request(`${ORIGIN}/x`),
      });
    });
    expectClean(lines);
    expect(lines[0]).toBe('Error: bad value "a\\x0aFORGED" at /authentication/set-password/[redacted]');
    expect(lines.slice(1).every((line) => /^ {4}at /.test(line))).toBe(true);
  });
});
