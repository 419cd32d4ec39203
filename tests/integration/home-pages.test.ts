import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { dashboardPage } from "~/modules/dashboard/dashboard-page.server";
import { TEACHERS_FAQ } from "~/modules/teachers/faq";
import { courseFaqPage } from "~/modules/teachers/faq.server";
import { professorsOverviewPage } from "~/modules/teachers/professors-page.server";
import { teachersHomePage } from "~/modules/teachers/teachers-home.server";
import { useTestDatabase } from "../helpers/db";
import { createRoleUsers } from "../helpers/fixtures";
import { courseRow } from "../helpers/rows";

// The read models of the home pages (issue 17): each answers its page's
// loader with display-ready data, or a refusal the edge turns into the 400.

useTestDatabase();

let users: Record<Role, User>;
let courseId: number;
const params = (query = "") => new URLSearchParams(query);

beforeAll(async () => {
  users = await createRoleUsers();
  const course = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_id: "HOME-RM",
        professor_id: users.professor.id,
        start_date: "2020-01-06",
        end_date: "2099-12-31",
        assig_percentage: 20,
        test_percentage: 30,
        exam_percentage: 50,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  courseId = course.id;
});

describe("dashboardPage", () => {
  it("refuses a week off the calendar, whatever the reader", async () => {
    expect(await dashboardPage(users.admin_staff, params("week=9999-12-27"))).toEqual({
      ok: false,
      reason: "weekOutOfRange",
    });
  });

  it("links cards and events only where the reader may go", async () => {
    const admin = await dashboardPage(users.admin_staff, params());
    const financial = await dashboardPage(users.financial, params());
    if (!admin.ok || !financial.ok) throw new Error("refused");
    const hrefs = (page: typeof admin) => Object.fromEntries(page.cards.map((c) => [c.key, c.href]));
    expect(hrefs(admin).runningCourses).toBe("/admin/courses?phase=running&status=active");
    expect(hrefs(financial).runningCourses).toBeNull();
    expect(admin.cards.map((c) => c.key)).toEqual(financial.cards.map((c) => c.key));
    expect(admin).toMatchObject({ name: users.admin_staff.name, role: "admin_staff" });
  });
});

describe("teachersHomePage", () => {
  it("gives a professor their courses, each leading to its course home", async () => {
    const page = await teachersHomePage(users.professor, params());
    if (!page.ok || !page.teaching) throw new Error("no teaching");
    expect(page.teaching.courses.map((c) => [c.code, c.href])).toEqual([["HOME-RM", `/course/${courseId}/home`]]);
    expect(page.teaching.events.every((e) => e.detail === null)).toBe(true);
  });

  it("gives other roles their shortcuts (not /teachers itself), and ignores ?week= for them", async () => {
    const page = await teachersHomePage(users.coordinator, params("week=9999-12-27"));
    if (!page.ok) throw new Error("refused");
    expect(page.teaching).toBeNull();
    expect(page.shortcuts.length).toBeGreaterThan(0);
    expect(page.shortcuts.map((s) => s.path)).not.toContain("/teachers");
    expect(await teachersHomePage(users.professor, params("week=9999-12-27"))).toMatchObject({ ok: false });
  });
});

describe("professorsOverviewPage", () => {
  it("names the levels and links the courses for a reader who manages courses", async () => {
    const course = async (role: Role) => {
      const page = await professorsOverviewPage(role, params("limit=100"));
      return page.rows.find((r) => r.id === users.professor.id)?.courses[0];
    };
    expect(await course("coordinator")).toMatchObject({ code: "HOME-RM", href: `/admin/courses/${courseId}` });
    expect(await course("receptionist")).toMatchObject({ code: "HOME-RM", href: null });
    expect((await course("receptionist"))?.level).toBeTruthy();
  });
});

describe("courseFaqPage", () => {
  it("gives the course's weights and the teachers' questions, or null for no such course", async () => {
    expect(await courseFaqPage(courseId)).toMatchObject({
      code: "HOME-RM",
      weights: { assig: 20, test: 30, exam: 50 },
      questions: TEACHERS_FAQ,
    });
    expect(await courseFaqPage(courseId + 1000)).toBeNull();
  });
});
