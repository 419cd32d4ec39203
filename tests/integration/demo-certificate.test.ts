import { describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { DEMO_CERTIFICATE_CODE, seedDemoData } from "~/db/seed/demo.server";
import { verifyCertificate } from "~/modules/certificates/verify.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

// Issue 21: the demo school has one verifiable certificate, whose code the README prints.
describe("the demo certificate", () => {
  it("is valid, for an A1 course that has ended, with a passing grade", async () => {
    await seedDemoData(db());
    const found = await verifyCertificate(DEMO_CERTIFICATE_CODE.toLowerCase(), "demo-test");
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.certificate).toMatchObject({
      code: DEMO_CERTIFICATE_CODE,
      level: "A1",
      cefr: "A1",
      startDate: "2026-06-01",
      endDate: "2026-08-21",
      issuedOn: "2026-08-24",
      status: "valid",
    });
    expect(found.certificate.final).toBeGreaterThan(70);
    expect(found.certificate.studentName).toMatch(/\S+ \S+/);
  }, 120_000);
});
