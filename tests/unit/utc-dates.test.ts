import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../helpers/sources";

// Issue 15: the calendar date of an instant is the school's (schoolToday,
// todayIn), never the UTC date that toISOString() starts with — from 19:00 in
// Guayaquil that is already tomorrow. A cheap guard on the source; the
// behaviour is proved by tests/integration/school-clock.test.ts.

const root = fileURLToPath(new URL("../..", import.meta.url));
const UTC_DATE =
  /toISOString\(\)\s*\.\s*(slice\(\s*0\s*,\s*10\s*\)|substring\(\s*0\s*,\s*10\s*\)|split\(\s*["']T["']\s*\))/;

describe("no calendar date from the UTC clock", () => {
  it("app/ and scripts/ never take the date of toISOString()", () => {
    const offenders = ["app", "scripts"]
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (UTC_DATE.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it("app/ never takes the date of a stored timestamp's text (created_at.slice(0, 10) is the UTC date too)", () => {
    const STORED_UTC_DATE = /_at\s*\.\s*(slice|substring)\(\s*0\s*,\s*10\s*\)/;
    const offenders = sourceFiles(join(root, "app")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (STORED_UTC_DATE.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
    expect(STORED_UTC_DATE.test("r.created_at.slice(0, 10),")).toBe(true);
  });

  it("the guard sees the forms it forbids", () => {
    expect(UTC_DATE.test("const today = new Date().toISOString().slice(0, 10);")).toBe(true);
    expect(UTC_DATE.test('d.toISOString().split("T")[0]')).toBe(true);
    expect(UTC_DATE.test("created_at: new Date().toISOString(),")).toBe(false);
  });
});
