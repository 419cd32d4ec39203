import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { addDays, mondayOf } from "~/modules/calendar/week";
import { classSessions, loadWeek } from "~/modules/calendar/week.server";
import { TODAY_PAGE_SIZE, WEEK_PAGE_SIZE, dashboardPage } from "~/modules/dashboard/dashboard-page.server";
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

describe("dashboardPage's bounded calendar (issue 18)", () => {
  const EVERY_DAY = "MO,TU,WE,TH,FR,SA,SU";
  let ids: number[] = [];

  beforeAll(async () => {
    // Started 10 weeks ago: well within the calendar's 1,000 occurrences (PRODUCT 5).
    const start = addDays(await schoolToday(), -70);
    const rows = Array.from({ length: 25 }, (_, i) =>
      courseRow({
        course_id: `BOUND-${String(i).padStart(2, "0")}`,
        course_number: `9${String(i).padStart(2, "0")}`,
        schedule_days: i % 5 === 0 ? "mo, tu ,we,th,fr,sa,su" : EVERY_DAY,
        start_time: i % 2 ? "09:00" : "15:00",
        end_time: i % 2 ? "11:00" : "17:00",
        start_date: start,
        end_date: "2099-12-31",
      }),
    );
    ids = (await db().insertInto("courses").values(rows).returning("id").execute()).map((r) => r.id);
    // A course's own holiday today, and a course ended yesterday: neither is in today's list.
    const today = await schoolToday();
    await db()
      .insertInto("holidays")
      .values({ name: "Own day", start_date: today, end_date: today, course_id: ids[3] })
      .execute();
    await db()
      .insertInto("courses")
      .values(
        courseRow({
          course_id: "BOUND-ENDED",
          course_number: "999",
          schedule_days: EVERY_DAY,
          start_date: "2020-01-06",
          end_date: addDays(today, -1),
        }),
      )
      .execute();
    // A course whose calendar ended at its 1,000th class (PRODUCT 5) though its dates run on.
    await db()
      .insertInto("courses")
      .values(
        courseRow({
          course_id: "BOUND-CAPPED",
          course_number: "998",
          schedule_days: EVERY_DAY,
          start_date: addDays(today, -1100),
          end_date: "2099-12-31",
        }),
      )
      .execute();
  });

  it("shows today's classes by default, a page at a time, the same ones the calendar module expands", async () => {
    const today = await schoolToday();
    const expected = (await classSessions(today, today)).sessions.map((s) => `${s.courseId}-${s.date}-${s.start_time}`);
    const pages = [];
    for (let page = 1; ; page++) {
      const found = await dashboardPage(users.admin_staff, params(page > 1 ? `page=${page}` : ""));
      if (!found.ok || found.calendar.view !== "today") throw new Error("not today's view");
      expect(found.calendar.events.length).toBeLessThanOrEqual(TODAY_PAGE_SIZE);
      expect(found.calendar.total).toBe(expected.length);
      pages.push(...found.calendar.events);
      if (page * TODAY_PAGE_SIZE >= found.calendar.total) break;
    }
    expect(pages.map((e) => e.id).sort()).toEqual([...expected].sort());
    expect(pages.map((e) => e.title)).not.toContain("BOUND-03");
    expect(pages.map((e) => e.title)).not.toContain("BOUND-ENDED");
    expect(pages.map((e) => e.title)).not.toContain("BOUND-CAPPED");
    // In start time order, then by code.
    expect(pages.map((e) => `${e.start} ${e.title}`)).toEqual(pages.map((e) => `${e.start} ${e.title}`).sort());
    // Past the last page: the first.
    const far = await dashboardPage(users.admin_staff, params("page=999"));
    if (!far.ok) throw new Error("refused");
    expect(far.calendar).toMatchObject({ view: "today", page: 1 });
  });

  it("shows the week on ?week=, a page of its courses at a time, with the professors to filter by", async () => {
    const today = await schoolToday();
    const all = await loadWeek(mondayOf(today));
    const events: string[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const found = await dashboardPage(users.admin_staff, params(`week=${today}&page=${page}`));
      if (!found.ok || found.calendar.view !== "week") throw new Error("not the week's view");
      expect(found.calendar.days).toHaveLength(7);
      expect(found.calendar.professors.length).toBeGreaterThan(0);
      expect(new Set(found.calendar.events.map((e) => e.title)).size).toBeLessThanOrEqual(WEEK_PAGE_SIZE);
      events.push(...found.calendar.events.map((e) => e.id));
      total = found.calendar.total;
      if (page * WEEK_PAGE_SIZE >= total) break;
    }
    expect(total).toBe(all.courses);
    expect(events.sort()).toEqual(all.sessions.map((s) => `${s.courseId}-${s.date}-${s.start_time}`).sort());
  });
});
