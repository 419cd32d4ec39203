import { describe, expect, it } from "vitest";
import { MENU_POSITIONS, offsetShowing, stepMenu } from "~/components/layout/horizontal-menu";
import { menuFor, menuHref } from "~/modules/auth/menu";
import { homeFor } from "~/modules/auth/permissions";

describe("horizontal menu arrows", () => {
  it("moves in 1000px steps through 0, -1000, -2000, -3000 and stops at the ends", () => {
    const seen = [0];
    let offset = 0;
    for (let i = 0; i < 5; i++) seen.push((offset = stepMenu(offset, "right")));
    expect(seen).toEqual([0, -1000, -2000, -3000, -3000, -3000]);
    expect(stepMenu(-3000, "left")).toBe(-2000);
    expect(stepMenu(0, "left")).toBe(0);
    expect(MENU_POSITIONS).toEqual([0, -1000, -2000, -3000]);
  });
});

describe("horizontal menu and the Tab key", () => {
  // A 600px box; items are [start, width] from the list's start edge.
  it("keeps the position when the focused item is already in sight", () => {
    expect(offsetShowing(100, 120, 600, 0)).toBe(0);
    expect(offsetShowing(1100, 120, 600, -1000)).toBe(-1000);
  });
  it("moves to the first position that shows the whole item", () => {
    expect(offsetShowing(1100, 120, 600, 0)).toBe(-1000);
    expect(offsetShowing(2050, 100, 600, 0)).toBe(-2000);
    // Shift+Tab back to the first items.
    expect(offsetShowing(10, 120, 600, -2000)).toBe(0);
  });
  it("moves just far enough when no position shows it (a box narrower than the step), and shows the start of a too-wide item", () => {
    expect(offsetShowing(1900, 300, 600, 0)).toBe(-1600);
    expect(offsetShowing(3500, 900, 600, 0)).toBe(-3500);
  });
});

describe("sidebar destinations (spec section 2)", () => {
  const paths = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((i) => i.path.replace(/^\//, ""));
  it("gives each staff role the spec's destinations plus the pages it may use, in one order (issue 19)", () => {
    expect(paths("admin_staff")).toEqual([
      "dashboard",
      "admin/students",
      "admin/registered-students",
      "admin/transfer-students",
      "admin/courses",
      "coordinator/professors",
      "admin/teachers",
      "admin/syllabus",
      "admin/grade-bands",
      "admin/holidays",
      "admin/users",
      "admin/audit",
      "admin/outbox",
      "coordinator/faq",
      "admin/settings",
    ]);
    expect(paths("coordinator")).toEqual([
      "dashboard",
      "admin/students",
      "admin/transfer-students",
      "admin/courses",
      "coordinator/professors",
      "admin/teachers",
      "admin/syllabus",
      "admin/grade-bands",
      "admin/holidays",
      "coordinator/faq",
    ]);
    expect(paths("receptionist")).toEqual([
      "dashboard",
      "admin/students",
      "admin/registered-students",
      "admin/transfer-students",
      "coordinator/professors",
      "admin/teachers",
    ]);
    expect(paths("financial")).toEqual([
      "dashboard",
      "admin/students",
      "admin/registered-students",
      "admin/transfer-students",
    ]);
    // One order: each role's entries keep the relative order of the admin's.
    const all = paths("admin_staff");
    for (const role of ["coordinator", "receptionist", "financial"] as const) {
      const mine = paths(role).filter((p) => all.includes(p));
      expect(mine).toEqual([...mine].sort((a, b) => all.indexOf(a) - all.indexOf(b)));
    }
    expect(paths("professor")).toEqual(["teachers", "teachers/faq"]);
    // The student's menu: the portal's pages only (ADR 047).
    expect(paths("student")).toEqual(["student"]);
  });
  it("appends the layout name when one is set", () => {
    expect(menuHref("/dashboard", "compact")).toBe("/dashboard?layout=compact");
    expect(menuHref("/dashboard", null)).toBe("/dashboard");
  });
  it("sends staff home to /dashboard, professors to /teachers, students to the portal", () => {
    expect(homeFor("admin_staff")).toBe("/dashboard");
    expect(homeFor("financial")).toBe("/dashboard");
    expect(homeFor("professor")).toBe("/teachers");
    expect(homeFor("student")).toBe("/student");
  });
});
