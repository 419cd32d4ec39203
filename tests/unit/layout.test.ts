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
  it("gives each role exactly the spec's list, in order (and the admin the school settings, issue 15)", () => {
    expect(paths("admin_staff")).toEqual([
      "dashboard",
      "admin/students",
      "admin/transfer-students",
      "admin/registered-students",
      "admin/syllabus",
      "admin/courses",
      "admin/teachers",
      "admin/users",
      "admin/holidays",
      "admin/settings",
    ]);
    expect(paths("coordinator")).toEqual([
      "dashboard",
      "coordinator/professors",
      "admin/students",
      "admin/transfer-students",
      "admin/syllabus",
      "admin/courses",
      "admin/teachers",
      "admin/holidays",
      "coordinator/faq",
    ]);
    expect(paths("receptionist")).toEqual([
      "dashboard",
      "coordinator/professors",
      "admin/students",
      "admin/transfer-students",
      "admin/registered-students",
      "admin/teachers",
    ]);
    expect(paths("financial")).toEqual([
      "dashboard",
      "admin/students",
      "admin/registered-students",
      "admin/transfer-students",
    ]);
    expect(paths("professor")).toEqual(["teachers", "teachers/faq"]);
  });
  it("appends the layout name when one is set", () => {
    expect(menuHref("/dashboard", "compact")).toBe("/dashboard?layout=compact");
    expect(menuHref("/dashboard", null)).toBe("/dashboard");
  });
  it("sends staff home to /dashboard, professors to /teachers, students nowhere", () => {
    expect(homeFor("admin_staff")).toBe("/dashboard");
    expect(homeFor("financial")).toBe("/dashboard");
    expect(homeFor("professor")).toBe("/teachers");
    expect(homeFor("student")).toBeNull();
  });
});
