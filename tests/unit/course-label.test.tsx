import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type CourseLabelParts, useCourseLabel } from "~/components/courses/labels";
import { resources } from "~/i18n/i18n.server";
import { TranslationsProvider } from "~/i18n/react";
import { Translations } from "~/i18n/translate";

// Issue 18: a course's label is made once per process and language, and kept
// by its parts; what it says must be what it would say made afresh.

const instances = new Map(["en", "ar"].map((lng) => [lng, new Translations(lng, resources)]));

function labels(lng: string, courses: CourseLabelParts[]): string[] {
  let out: string[] = [];
  function Probe() {
    const label = useCourseLabel();
    out = courses.map(label);
    return null;
  }
  renderToString(
    <TranslationsProvider value={instances.get(lng)!}>
      <Probe />
    </TranslationsProvider>,
  );
  return out;
}

const course = (over: Partial<CourseLabelParts>): CourseLabelParts => ({
  course_id: "B1-MON-17",
  level: "B1",
  schedule_days: "MO,WE",
  start_time: "17:00",
  end_time: "19:00",
  professor: "Ana Prof",
  ...over,
});

describe("useCourseLabel", () => {
  it("names each course by its own parts, again and again, in each language", () => {
    const courses = [
      course({}),
      course({ professor: null }),
      course({ professor: "" }),
      // Parts that would run together if the key only joined them.
      course({ course_id: "A", level: "B1", professor: "x" }),
      course({ course_id: "AB", level: "1", professor: "x" }),
      course({ schedule_days: "TU,TH", start_time: "09:00", end_time: "11:00" }),
    ];
    const first = labels("en", courses);
    expect(first[0]).toBe("B1-MON-17 · B1 · Mon-Wed 17:00–19:00 · Ana Prof");
    expect(first[1]).toContain("no professor yet");
    expect(first[2]).not.toContain("no professor yet");
    expect(first[3]).not.toBe(first[4]);
    expect(new Set(first).size).toBe(courses.length);
    // Remembered: the same answers; another language has its own.
    expect(labels("en", courses)).toEqual(first);
    const arabic = labels("ar", courses);
    expect(arabic[0]).not.toBe(first[0]);
    expect(arabic[0]).toContain("\u2066B1-MON-17\u2069");
    expect(labels("ar", courses)).toEqual(arabic);
  });
});
