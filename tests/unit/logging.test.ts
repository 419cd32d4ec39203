import { describe, expect, it } from "vitest";
import { logSafe } from "~/modules/shared/log.server";
import { loggedPath } from "../../server/logging.js";

// Issue 16 L5: what the server writes to its logs holds no one-time token and
// no control character that could end a line and start a forged one.

const path = loggedPath;

describe("access log path (server/logging.js loggedPath)", () => {
  it("writes a set-password link without its token", () => {
    expect(path("/authentication/set-password/Zx81-secret_TOKEN")).toBe("/authentication/set-password/[redacted]");
    expect(path("/authentication/set-password/Zx81secret?_data=routes%2Fx")).toBe(
      "/authentication/set-password/[redacted]?_data=routes%2Fx",
    );
    expect(path("/Authentication/Set-Password/abc/def")).toBe("/Authentication/Set-Password/[redacted]/def");
    expect(path("/authentication/set-password/")).toBe("/authentication/set-password/");
  });

  it("writes token, password and code parameters without their values", () => {
    expect(path("/x?token=abc123&page=2")).toBe("/x?token=[redacted]&page=2");
    expect(path("/x?page=2&TOKEN=abc#frag")).toBe("/x?page=2&TOKEN=[redacted]#frag");
    expect(path("/x?password=hunter2&code=9999")).toBe("/x?password=[redacted]&code=[redacted]");
    // Only whole parameter names: ?mytoken= is someone else's.
    expect(path("/x?mytoken=keep")).toBe("/x?mytoken=keep");
  });

  it("escapes CR, LF, NUL, ESC, DEL and C1 characters, so one request stays one line", () => {
    expect(path("/a\nGET /forged 200")).toBe("/a\\x0aGET /forged 200");
    expect(path("/a\r\nb")).toBe("/a\\x0d\\x0ab");
    expect(path("/a\u0000b")).toBe("/a\\x00b");
    expect(path("/a\u001b[31mred")).toBe("/a\\x1b[31mred");
    expect(path("/a\u007fb\u0085c\u009bd")).toBe("/a\\x7fb\\x85c\\x9bd");
    expect(path("/a\tb")).toBe("/a\\x09b");
    // Unicode's line and paragraph separators end a line in some log viewers.
    expect(path("/a\u2028b\u2029")).toBe("/a\\u2028b\\u2029");
    for (const out of [path("/a\nb"), path("/\r"), path("/\u2028")]) expect(out).not.toMatch(/[\r\n\u2028]/);
  });

  it("doubles a backslash, so a typed \\x0a is not mistaken for an escaped newline", () => {
    expect(path("/a\\x0ab")).toBe("/a\\\\x0ab");
    expect(path("/a\\\nb")).toBe("/a\\\\\\x0ab");
  });

  it("leaves percent-encoded input as it came (not decoded into a newline)", () => {
    expect(path("/?_data=routes%2F%24%0AFORGED")).toBe("/?_data=routes%2F%24%0AFORGED");
    expect(path("/caf%C3%A9?q=%0d%0a")).toBe("/caf%C3%A9?q=%0d%0a");
    expect(path("/café")).toBe("/café");
  });
});

describe("the app's log values (logSafe)", () => {
  it("escapes control characters in text and keeps it one line", () => {
    expect(logSafe("routes/$\nFORGED line")).toBe("routes/$\\x0aFORGED line");
    expect(logSafe("a\r\u001b\u0085b\\")).toBe("a\\x0d\\x1b\\x85b\\\\");
  });

  it("writes a set-password token nowhere, wherever it sits in the text", () => {
    const out = logSafe('No route matches URL "/authentication/set-password/SECRETtoken42?x=1"');
    expect(out).not.toContain("SECRETtoken42");
    expect(out).toContain("/authentication/set-password/[redacted]");
    expect(logSafe("http://localhost/reset?token=SECRETtoken42")).not.toContain("SECRETtoken42");
  });

  it("an error: its message escaped and redacted, its stack frames kept on their own lines", () => {
    const error = new Error(
      'Route "routes/$\nFORGED 500" does not match URL "/authentication/set-password/SECRETtoken42"',
    );
    const out = logSafe(error);
    expect(out).not.toContain("SECRETtoken42");
    const lines = out.split("\n");
    expect(lines[0]).toBe(
      'Error: Route "routes/$\\x0aFORGED 500" does not match URL "/authentication/set-password/[redacted]"',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {4}(at |\[cause\] )/);
  });

  it("an error's cause is written the same way", () => {
    const error = new Error("outer", { cause: new Error("inner\nFORGED") });
    const lines = logSafe(error).split("\n");
    expect(lines.some((l) => l.includes("[cause] Error: inner\\x0aFORGED"))).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/^FORGED/);
  });

  it("other values: one line, strings inside escaped", () => {
    expect(logSafe({ path: "/a\nFORGED" })).not.toMatch(/\n/);
    expect(logSafe(42)).toBe("42");
    expect(logSafe(undefined)).toBe("undefined");
  });
});
