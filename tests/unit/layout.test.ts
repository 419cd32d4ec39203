import { describe, expect, it } from "vitest";
import { MENU_POSITIONS, stepMenu } from "~/components/layout/horizontal-menu";
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

describe("sidebar destinations (spec section 2)", () => {
  const paths = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((i) => i.path.replace(/^\//, ""));
  it("gives each role exactly the spec's list, in order", () => {
    expect(paths("admin_staff")).toEqual([
      "dashboard", "admin/students", "admin/transfer-students", "admin/registered-students",
      "admin/syllabus", "admin/courses", "admin/teachers", "admin/users", "admin/holidays",
    ]);
    expect(paths("coordinator")).toEqual([
      "dashboard", "coordinator/professors", "admin/students", "admin/transfer-students",
      "admin/syllabus", "admin/courses", "admin/teachers", "admin/holidays", "coordinator/faq",
    ]);
    expect(paths("receptionist")).toEqual([
      "dashboard", "coordinator/professors", "admin/students", "admin/transfer-students",
      "admin/registered-students", "admin/teachers",
    ]);
    expect(paths("financial")).toEqual([
      "dashboard", "admin/students", "admin/registered-students", "admin/transfer-students",
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
