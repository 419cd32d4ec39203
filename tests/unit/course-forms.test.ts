import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ENROLL_MAX, courseReportForms, coursePageForms } from "~/modules/courses/schema";

// The staff's course pages' forms by intent (ADR 036), as handleIntents parses them.

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("the course page's forms", () => {
  const enroll = (ids: string[]) =>
    parseWithZod(form(ids.map((id) => ["student_ids", id])), { schema: coursePageForms.enroll });

  it("enroll: one student or several, as ids", () => {
    const one = enroll(["7"]);
    expect(one.status === "success" && one.value).toEqual({ student_ids: [7] });
    const two = enroll(["7", "9"]);
    expect(two.status === "success" && two.value).toEqual({ student_ids: [7, 9] });
  });

  it("enroll: nobody picked, too many, or an id that names no row is refused", () => {
    const none = enroll([]);
    expect(none.status).toBe("error");
    expect(none.reply().error?.student_ids).toEqual(["courses:enroll.errors.none"]);
    const many = enroll(Array.from({ length: ENROLL_MAX + 1 }, (_, i) => String(i + 1)));
    expect(many.status).toBe("error");
    expect(enroll(["0"]).status).toBe("error");
    expect(enroll(["2147483648"]).status).toBe("error");
  });

  it("unenroll: one enrollment id", () => {
    const ok = parseWithZod(form([["enrollment_id", "12"]]), { schema: coursePageForms.unenroll });
    expect(ok.status === "success" && ok.value).toEqual({ enrollment_id: 12 });
    expect(parseWithZod(form([["enrollment_id", "x"]]), { schema: coursePageForms.unenroll }).status).toBe("error");
  });
});

describe("the course report's form", () => {
  it("promote: the chosen course's id; anything else is 0 (no course: the module's refusal)", () => {
    const promote = (entries: [string, string][]) => {
      const parsed = parseWithZod(form(entries), { schema: courseReportForms.promote });
      return parsed.status === "success" ? parsed.value.selected_course_id : "refused";
    };
    expect(promote([["selected_course_id", "42"]])).toBe(42);
    expect(promote([["selected_course_id", "abc"]])).toBe(0);
    expect(promote([])).toBe(0);
  });
});
