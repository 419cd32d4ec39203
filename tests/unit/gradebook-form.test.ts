import { describe, expect, it } from "vitest";
import { sessionProblem } from "~/modules/attendance/session-choice";
import { refusedGradebook } from "~/modules/grades/gradebook-form";

// What a refused gradebook save shows again (modules/grades/gradebook-form.ts),
// and how an attendance refusal names its date (session-choice.ts).

const posted = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("refusedGradebook", () => {
  it("shows again the originals the page packed in one field", () => {
    const form = posted([
      ["g_1_2", "150"],
      ["g_1_3", "70"],
      ["originals", "g_1_2=80&g_1_3="],
    ]);
    const state = refusedGradebook({ ok: false, reason: "invalid", errors: { g_1_2: "range" } }, form);
    expect(state.values).toEqual({ g_1_2: "150", g_1_3: "70" });
    expect(state.originals).toEqual({ g_1_2: "80", g_1_3: "" });
  });

  it("an invalid post shows every cell as typed, with each bad cell's code", () => {
    const form = posted([
      ["g_1_2", "150"],
      ["o_1_2", "80"],
      ["g_1_3", "70"],
      ["o_1_3", ""],
      ["note", "ignored"],
    ]);
    const state = refusedGradebook({ ok: false, reason: "invalid", errors: { g_1_2: "range" } }, form);
    expect(state.formError).toBe("invalid");
    expect(state.values).toEqual({ g_1_2: "150", g_1_3: "70" });
    expect(state.originals).toEqual({ g_1_2: "80", g_1_3: "" });
    expect(state.errors).toEqual({ g_1_2: { code: "range" } });
    expect(state.token).toMatch(/^[0-9a-z]+$/);
  });

  it("a foreign post shows the cells as typed and no cell error", () => {
    const state = refusedGradebook({ ok: false, reason: "foreign" }, posted([["g_9_9", "50"]]));
    expect(state).toMatchObject({ formError: "foreign", values: { g_9_9: "50" }, errors: {} });
  });

  it("a conflict shows what is stored now, this post's other changes kept as typed", () => {
    const state = refusedGradebook(
      {
        ok: false,
        reason: "conflict",
        conflicts: { g_1_2: { mine: "90", theirs: 85.5 } },
        current: { g_1_2: 85.5, g_1_3: null, g_2_2: 60 },
        kept: { g_1_3: "75" },
      },
      posted([]),
    );
    expect(state.formError).toBe("conflict");
    expect(state.values).toEqual({ g_1_2: "85.5", g_1_3: "75", g_2_2: "60" });
    expect(state.originals).toEqual({ g_1_2: "85.5", g_1_3: "", g_2_2: "60" });
    expect(state.errors).toEqual({ g_1_2: { code: "conflict", mine: "90", theirs: "85.5" } });
  });

  it("each refusal is a fresh form (a new token)", () => {
    const a = refusedGradebook({ ok: false, reason: "foreign" }, posted([]));
    const b = refusedGradebook({ ok: false, reason: "foreign" }, posted([]));
    expect(a.token).not.toBe(b.token);
  });
});

describe("sessionProblem", () => {
  const sessions = [
    { date: "2026-11-02", holiday: null, status: "held" as const },
    { date: "2026-11-03", holiday: "Independence Day", status: "holiday" as const },
  ];

  it("a holiday is named", () => {
    expect(sessionProblem(sessions, "holiday", "2026-11-03")).toEqual({
      reason: "holiday",
      date: "2026-11-03",
      holiday: "Independence Day",
    });
  });

  it("an invalid date is not repeated; other refusals keep the date", () => {
    expect(sessionProblem(sessions, "invalidDate", "2026-13-40")).toEqual({
      reason: "invalidDate",
      date: null,
      holiday: null,
    });
    expect(sessionProblem(sessions, "future", "2026-11-02")).toEqual({
      reason: "future",
      date: "2026-11-02",
      holiday: null,
    });
  });
});
