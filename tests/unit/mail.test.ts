import { describe, expect, it } from "vitest";
import { appBaseUrl } from "~/modules/mail/invitations.server";
import { ABSENCE_THRESHOLDS, MAX_RETRY_MS, linksIn, retryDelayMs } from "~/modules/mail/mail";
import { mailLanguage } from "~/modules/mail/messages.server";
import { mailFrom } from "~/modules/mail/sender.server";

// Issue 21 (ADR 046): the outbox's pure rules.

describe("the outbox's rules", () => {
  it("waits 1, 2, 4 … minutes between tries, never more than 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(MAX_RETRY_MS);
  });

  it("warns at 12 and 20 absences", () => {
    expect(ABSENCE_THRESHOLDS.map((t) => [t.threshold, t.kind])).toEqual([
      [12, "absence_warning"],
      [20, "absence_danger"],
    ]);
  });

  it("finds each link of a text once", () => {
    const text = "Open https://a.example/x/1 now.\nhttps://a.example/x/1\n<http://b.example/y>";
    expect(linksIn(text)).toEqual(["https://a.example/x/1", "http://b.example/y"]);
  });

  it("writes in the first of the languages it is given that the app has", () => {
    expect(mailLanguage(null, "de", "ar", "es")).toBe("ar");
    expect(mailLanguage(undefined)).toBe("en");
  });

  it("links to APP_URL, else the request's origin; sends from MAIL_FROM, else no-reply at APP_URL's host", () => {
    expect(appBaseUrl("http://localhost:3000", {})).toBe("http://localhost:3000");
    expect(appBaseUrl("http://localhost:3000", { APP_URL: "https://school.example/" })).toBe("https://school.example");
    expect(mailFrom({ MAIL_FROM: "School <a@b.example>" })).toBe("School <a@b.example>");
    expect(mailFrom({ APP_URL: "https://school.example" })).toBe("no-reply@school.example");
    expect(mailFrom({})).toBe("no-reply@localhost");
  });
});
