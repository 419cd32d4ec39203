import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { absenceCount, absenceSeverity } from "~/modules/students/absence";
import { CSV_BOM, csvCell, csvRow } from "~/modules/students/csv";
import { formValuesOf, studentFields, studentSchema } from "~/modules/students/schema";

describe("absence count and highlight (PRODUCT 6)", () => {
  it("counts absent as 1 and late as 0.5", () => {
    expect(absenceCount(["absent", "late", "present", "recovered", "late"])).toBe(2);
    expect(absenceCount([])).toBe(0);
  });

  it.each([
    [0, "ok"],
    [11.5, "ok"],
    [12, "warning"],
    [19.5, "warning"],
    [20, "danger"],
    [31, "danger"],
  ] as const)("%s is %s", (count, severity) => {
    expect(absenceSeverity(count)).toBe(severity);
  });
});

describe("CSV cells", () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@x", "'@x"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["Núñez", "Núñez"],
    ["a=b", "a=b"],
    ["", ""],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes numbers and empty values; rows end with CRLF", () => {
    expect(csvRow(["a", 12.5, null, undefined, 0])).toBe("a,12.5,,,0\r\n");
    expect(CSV_BOM).toBe("\uFEFF");
  });
});

describe("the student form's rules", () => {
  const valid = {
    first_name: "Ana",
    last_name: "Pérez",
    second_last_name: "Gómez",
    id_number: "0102030405",
    birthday: "1990-05-17",
    phone_number: "0991234567",
    email: "ana@example.com",
    age_category: "adults",
    address: "Calle 1",
    level_id: "6",
    schedule: "SAT-09-13",
    same_billing: "yes",
  };
  const parse = (values: Record<string, string>, legacyHear?: string) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    return parseWithZod(fd, { schema: studentSchema({ today: "2026-03-15", legacyHear }) });
  };
  const errors = (values: Record<string, string>, legacyHear?: string) => {
    const s = parse(values, legacyHear);
    return s.status === "success" ? {} : (s.error as Record<string, string[]>);
  };

  it("accepts a student without a middle name, and stores the level as a number", () => {
    const s = parse(valid);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.level_id).toBe(6);
    expect(s.value.middle_name).toBeUndefined();
    expect(s.value.billing_address).toBeUndefined();
  });

  it("the level must be in the chosen age's list", () => {
    expect(errors({ ...valid, level_id: "8" }).level_id).toEqual(["registration.errors.levelInvalid"]);
    expect(errors({ ...valid, level_id: "99" }).level_id).toEqual(["registration.errors.levelInvalid"]);
    expect(errors({ ...valid, level_id: "" }).level_id).toEqual(["registration.errors.level"]);
    expect(errors({ ...valid, level_id: "7" })).toEqual({}); // Pre-A1 is in both lists
  });

  it("reports the billing and kids' rules together with the other fields", () => {
    const e = errors({ ...valid, first_name: "", same_billing: "no", age_category: "kids", level_id: "8" });
    expect(Object.keys(e).sort()).toEqual(
      [
        "billing_address",
        "emergency_contact_name",
        "emergency_contact_phone",
        "emergency_contact_relationship",
        "first_name",
      ].sort(),
    );
  });

  it("'where did you hear about us': the fixed list, or the stored value kept as is", () => {
    expect(errors({ ...valid, where_hear_about_us: "friend" })).toEqual({});
    expect(errors({ ...valid, where_hear_about_us: "Radio" }).where_hear_about_us).toEqual([
      "students:errors.hearInvalid",
    ]);
    expect(errors({ ...valid, where_hear_about_us: "Radio" }, "Radio")).toEqual({});
  });

  it("gives the browser its constraints (the form renders with them)", () => {
    const c = getZodConstraint(studentFields({ today: "2026-03-15", legacyHear: "Radio" }));
    expect(c.first_name).toMatchObject({ required: true, maxLength: 60 });
    expect(c.middle_name?.required).toBeFalsy();
    expect(c.id_number).toMatchObject({ required: true, minLength: 10, maxLength: 13 });
    expect(c.level_id?.required).toBe(true);
    expect(c.notes?.required).toBeFalsy();
  });

  it("stored values become the form's strings", () => {
    expect(
      formValuesOf({
        ...valid,
        middle_name: "",
        age_category: "adults",
        emergency_contact_name: null,
        emergency_contact_phone: null,
        emergency_contact_relationship: null,
        billing_address: null,
        where_hear_about_us: "Radio",
        promotion: null,
        notes: null,
        level_id: 6,
        same_billing: 0,
      }),
    ).toEqual({ ...valid, same_billing: "no", where_hear_about_us: "Radio" });
  });
});
