import { describe, expect, it } from "vitest";
import {
  ORIGINALS_FIELD,
  cellName,
  gradeText,
  originalName,
  packOriginals,
  parseGrade,
  readGradebookPost,
  sameGrade,
  studentResult,
} from "~/modules/grades/gradebook";

// The gradebook form's cell rules (PRODUCT 7): 0 to 100, up to two decimals,
// a comma accepted, empty = not graded.

describe("parseGrade", () => {
  it.each([
    ["", null],
    ["   ", null],
    ["0", 0],
    ["100", 100],
    ["100.00", 100],
    ["85,5", 85.5],
    ["85.50", 85.5],
    ["85.500", 85.5],
    [" 72.25 ", 72.25],
    [".5", 0.5],
    ["70.01", 70.01],
  ])("%j → %j", (raw, grade) => {
    expect(parseGrade(raw)).toEqual({ ok: true, grade });
  });

  it.each([
    ["101", "range"],
    ["100.01", "range"],
    ["-1", "range"],
    ["-0.5", "range"],
    ["1.234", "decimals"],
    ["99,999", "decimals"],
    ["abc", "format"],
    ["1e2", "format"],
    ["85..5", "format"],
    ["8 5", "format"],
    ["85%", "format"],
    ["1,2,3", "format"],
    ["Infinity", "format"],
  ])("%j is refused: %s", (raw, error) => {
    expect(parseGrade(raw)).toEqual({ ok: false, error });
  });
});

describe("sameGrade", () => {
  it("empty equals empty; a number never equals empty; equal to the hundredth", () => {
    expect(sameGrade(null, undefined)).toBe(true);
    expect(sameGrade(0, null)).toBe(false);
    expect(sameGrade(75, 75.0)).toBe(true);
    expect(sameGrade(75, 75.01)).toBe(false);
  });
});

describe("readGradebookPost", () => {
  const students = new Set([1, 2]);
  const items = new Set([10, 11]);

  it("reads the cells with their originals and marks the bad ones", () => {
    const form = new URLSearchParams({
      [cellName(1, 10)]: "85,5",
      [originalName(1, 10)]: "80",
      [cellName(2, 11)]: "abc",
      [originalName(2, 11)]: "",
      [cellName(2, 10)]: "",
      other: "x",
    });
    const post = readGradebookPost(form, students, items);
    expect(post.foreign).toBe(false);
    expect(post.errors).toEqual({ g_2_11: "format" });
    expect(post.cells).toEqual([
      { name: "g_1_10", studentId: 1, itemId: 10, raw: "85,5", grade: 85.5, original: 80 },
      { name: "g_2_11", studentId: 2, itemId: 11, raw: "abc", grade: undefined, original: null },
      { name: "g_2_10", studentId: 2, itemId: 10, raw: "", grade: null, original: undefined },
    ]);
  });

  it("reads the originals packed in one field (the page's form); an o_ field wins over it", () => {
    const form = new URLSearchParams({
      [cellName(1, 10)]: "85",
      [cellName(1, 11)]: "",
      [cellName(2, 10)]: "70",
      [ORIGINALS_FIELD]: packOriginals([
        ["g_1_10", "80"],
        ["g_1_11", ""],
        ["g_2_10", "60"],
        ["not-a-cell", "1"],
      ]),
      [originalName(2, 10)]: "65",
    });
    const post = readGradebookPost(form, students, items);
    expect(post.foreign).toBe(false);
    expect(post.cells.map((c) => [c.name, c.original])).toEqual([
      ["g_1_10", 80],
      ["g_1_11", null],
      ["g_2_10", 65],
    ]);
  });

  it.each([["g_3_10"], ["g_1_12"], ["g_x_10"], ["g_1_10_2"]])(
    "a cell outside the course (%s) makes the post foreign",
    (name) => {
      expect(readGradebookPost(new URLSearchParams({ [name]: "50" }), students, items).foreign).toBe(true);
    },
  );

  it("the same cell twice makes the post foreign", () => {
    const form = new URLSearchParams([
      ["g_1_10", "50"],
      ["g_1_10", "60"],
    ]);
    expect(readGradebookPost(form, students, items).foreign).toBe(true);
  });
});

describe("studentResult and gradeText", () => {
  it("computes averages, the final grade and PASS/FAIL through grading.ts", () => {
    const items = [
      { id: 1, category: "ASSIGNMENTS" as const },
      { id: 2, category: "ASSIGNMENTS" as const },
      { id: 3, category: "EXAM" as const },
    ];
    const grades: Record<number, number> = { 1: 80, 2: 60 };
    const result = studentResult(items, (id) => grades[id], {
      assig_percentage: 30,
      test_percentage: 30,
      exam_percentage: 40,
    });
    expect(result).toEqual({
      averages: { ASSIGNMENTS: 70, "PROGRESS TESTS": null, EXAM: null },
      final: 70,
      result: "FAIL",
    });
  });

  it("shows a grade with a dot or the language's comma", () => {
    expect(gradeText(85.5)).toBe("85.5");
    expect(gradeText(85.5, ",")).toBe("85,5");
    expect(gradeText(null)).toBe("");
    expect(gradeText(100)).toBe("100");
  });
});
