import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type GradingCategory, type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import * as staffReportPage from "~/routes/_app.admin.courses.$id_.report";
import * as reportPage from "~/routes/_app.course.$id.student-report";
import * as adminCertificateRoute from "~/routes/admin.courses.$id.certificate[.pdf]";
import * as adminReportRoute from "~/routes/admin.courses.$id.report[.pdf]";
import * as certificateRoute from "~/routes/course.$id.certificate[.pdf]";
import * as reportRoute from "~/routes/course.$id.report[.pdf]";
import { useTestDatabase } from "../helpers/db";
import {
  callAction,
  callLoader,
  createRoleUsers,
  createUser,
  redirectedTo,
  request,
  signIn,
} from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";
import { pageTexts } from "../unit/pdf-text";
import { pdfjsPageTexts } from "../unit/pdfjs-text";

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role | "otherProfessor", string>;

// The fixtures' courses ended long before any run; NOT_ENDED is far ahead.
const ENDED = "2026-03-27";
const NOT_ENDED = "2099-12-18";

let seq = 0;
async function insertStudent(first: string, last: string) {
  seq += 1;
  const n = `18${String(seq).padStart(8, "0")}`;
  const now = new Date().toISOString();
  const row = await db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: first,
        last_name: last,
        second_last_name: "",
        id_number: n,
        phone_number: `09${n.slice(-8)}`,
        email: `p${n}@example.com`,
        level_id: 3,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Ended (PRODUCT 7: certificates only once a course is over) unless an end date says otherwise. */
async function insertCourse(code: string, professorId: number, endDate = ENDED) {
  const now = new Date().toISOString();
  const row = await db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: "950",
        course_id: code,
        level_id: 3,
        start_date: "2026-01-05",
        end_date: endDate,
        professor_id: professorId,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A course with one item per category and these students' grades (the same grade in every item; null leaves the exam ungraded). */
async function courseWith(code: string, professorId: number, students: [number, number | null][], endDate = ENDED) {
  const course = await insertCourse(code, professorId, endDate);
  const items: [string, GradingCategory][] = [
    ["Assignment 1", "ASSIGNMENTS"],
    ["Progress Test 1", "PROGRESS TESTS"],
    ["Reading", "EXAM"],
  ];
  const itemRows = await db()
    .insertInto("grading_items")
    .values(items.map(([item_name, category], i) => ({ course_id: course, item_name, category, position: i + 1 })))
    .returning(["id"])
    .execute();
  const now = new Date().toISOString();
  for (const [student, grade] of students) {
    await db()
      .insertInto("enrollments")
      .values({ course_id: course, student_id: student, start_date: "2026-01-05", end_date: null, end_reason: null })
      .execute();
    // null: every item but the exam at 95 (a passing final grade, one item missing).
    await db()
      .insertInto("grades")
      .values(
        (grade === null ? itemRows.slice(0, -1) : itemRows).map((item) => ({
          grading_item_id: Number(item.id),
          student_id: student,
          grade: grade ?? 95,
          updated_at: now,
        })),
      )
      .execute();
    await db()
      .insertInto("attendance")
      .values([
        {
          course_id: course,
          session_date: "2026-01-05",
          student_id: student,
          status: "present",
          recorded_by: professorId,
          recorded_at: now,
        },
        {
          course_id: course,
          session_date: "2026-01-07",
          student_id: student,
          status: "late",
          recorded_by: professorId,
          recorded_at: now,
        },
      ])
      .execute();
  }
  return course;
}

let course: number;
let otherCourse: number;
let unprintableCourse: number;
let jose: number;
let ana: number;
let bruno: number;
let unprintable: number;
let carla: number;
let eva: number;
let gradingCourse: number;
let runningCourse: number;
let lia: number;
let completedCourse: number;

beforeAll(async () => {
  users = await createRoleUsers();
  const other = await createUser({
    role: "professor",
    email: "other-professor@school.example.com",
    name: "Other Professor",
  });
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  cookies.otherProfessor = await signIn(other.email);

  jose = await insertStudent("José", "Núñez Gonçalves Ñandú");
  ana = await insertStudent("Ana", "O'Connor");
  bruno = await insertStudent("Bruno", "Benítez");
  unprintable = await insertStudent("தமிழ்", "செல்வன்");
  course = await courseWith("PDF-B1", users.professor.id, [
    [jose, 92.5],
    [ana, 81],
    [bruno, 55],
  ]);
  otherCourse = await courseWith("PDF-OTHER", other.id, [[ana, 90]]);
  unprintableCourse = await courseWith("PDF-TA", users.professor.id, [[unprintable, 95]]);
  carla = await insertStudent("Carla", "Castro");
  eva = await insertStudent("Eva", "Espinoza");
  gradingCourse = await courseWith("PDF-GRADING", users.professor.id, [[carla, null]]);
  runningCourse = await courseWith("PDF-RUNNING", users.professor.id, [[eva, 95]], NOT_ENDED);
  lia = await insertStudent("Lía", "Lozano");
  completedCourse = await courseWith("PDF-DONE", users.professor.id, [[lia, 88]]);
  // Closed as completed the day after the last class (end dates are exclusive).
  await db()
    .updateTable("enrollments")
    .set({ end_date: "2026-03-28", end_reason: "completed" })
    .where("course_id", "=", completedCourse)
    .execute();
});

function get(
  route: { loader?: unknown },
  path: string,
  cookie: string,
  id: number,
  headers: Record<string, string> = {},
) {
  return callLoader(route as Parameters<typeof callLoader>[0], request(path, { cookie, headers }), { id: String(id) });
}

/** POST: issues certificates (issue 16 L3); `form` as the report page's button sends it, or nothing (the address names the target). */
function post(
  route: { action?: unknown },
  path: string,
  cookie: string,
  id: number,
  form: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return callAction(
    route as Parameters<typeof callAction>[0],
    request(path, { method: "POST", cookie, form, headers }),
    { id: String(id) },
  );
}

const certificateCount = async (courseId: number) =>
  (await db().selectFrom("certificates").select("id").where("course_id", "=", courseId).execute()).length;

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
  return PDFDocument.load(bytes);
}

describe("the professor's PDFs", () => {
  it("gives one student's report, inline, named after the course and the student", async () => {
    const res = await get(reportRoute, `/course/${course}/report.pdf?student=${jose}`, cookies.professor, course);
    expect(res.headers.get("Content-Disposition")).toBe(
      'inline; filename="report-pdf-b1-jose-nunez-goncalves-nandu.pdf"',
    );
    const doc = await pdfOf(res);
    expect(doc.getPageCount()).toBe(1);
    const [text] = pageTexts(doc);
    expect(text).toContain("José Núñez Gonçalves Ñandú");
    expect(text).toContain("92.50");
    expect(text).toContain("PASS");
    expect(text).toContain("PRELIM exam");
  });

  it("gives the whole course's reports as one PDF, a page per student", async () => {
    const res = await get(reportRoute, `/course/${course}/report.pdf?all=1`, cookies.professor, course);
    expect(res.headers.get("Content-Disposition")).toBe('inline; filename="reports-pdf-b1.pdf"');
    const doc = await pdfOf(res);
    expect(doc.getPageCount()).toBe(3);
  });

  it("labels the PDF in the user's language, Chinese and Arabic included", async () => {
    const es = pageTexts(
      await pdfOf(
        await get(reportRoute, `/course/${course}/report.pdf?student=${jose}`, cookies.professor, course, {
          "Accept-Language": "es",
        }),
      ),
    )[0];
    expect(es).toContain("Informe del estudiante");
    expect(es).toContain("92,50");
    // The result and the default band in the words the pages use (common:grading), not English.
    expect(es).toContain("APROBADO");
    expect(es).toContain("Excelente");
    expect(es).not.toContain("Excellent");
    expect(es).not.toContain("PASS");
    const zh = pageTexts(
      await pdfOf(
        await get(reportRoute, `/course/${course}/report.pdf?student=${jose}`, cookies.professor, course, {
          "Accept-Language": "zh",
        }),
      ),
    )[0];
    expect(zh).toContain("学生报告");
    const arabic = await get(reportRoute, `/course/${course}/report.pdf?student=${jose}`, cookies.professor, course, {
      "Accept-Language": "ar",
    });
    expect(arabic.status).toBe(200);
    const [ar] = await pdfjsPageTexts(new Uint8Array(await arabic.arrayBuffer()), true);
    expect(ar).toContain("تقرير الطالب");
    expect(ar).toContain("José Núñez Gonçalves Ñandú");
    expect(ar).not.toContain("Student report");
  });

  it("a GET issues nothing: a certificate not issued yet answers 409 with an Issue button; the POST issues it and sends to the PDF", async () => {
    const url = `/course/${course}/certificate.pdf?student=${jose}`;
    for (let i = 0; i < 2; i++) {
      const res = await get(certificateRoute, url, cookies.professor, course);
      expect(res.status).toBe(409);
      expect(res.headers.get("Content-Type")).toContain("text/html");
      const html = await res.text();
      expect(html).toContain("<h1>Certificate not issued yet</h1>");
      expect(html).toContain("The certificate of José Núñez Gonçalves Ñandú has not been issued yet.");
      expect(html).toContain(
        `<form method="post" action="/course/${course}/certificate.pdf?student=${jose}"><button type="submit">Issue the certificate</button></form>`,
      );
    }
    const all = await get(certificateRoute, `/course/${course}/certificate.pdf?all=1`, cookies.professor, course, {
      "Accept-Language": "es",
    });
    expect(all.status).toBe(409);
    expect(await all.text()).toContain("Emitir los certificados</button>");
    expect(await certificateCount(course)).toBe(0);

    // A cross-site POST issues nothing.
    expect(
      (await post(certificateRoute, url, cookies.professor, course, {}, { Origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(await certificateCount(course)).toBe(0);

    // The report page's button posts the chosen student in the form; the answer is the PDF's address.
    const issued = await post(certificateRoute, `/course/${course}/certificate.pdf`, cookies.professor, course, {
      student: String(jose),
    });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("Location")).toBe(url);
    expect(await certificateCount(course)).toBe(1);
  });

  it("gives a passing student's certificate with a number that stays the same on reprint", async () => {
    // Issued by the test above; issuing again changes nothing.
    const [issued] = await db()
      .selectFrom("certificates")
      .selectAll()
      .where("student_id", "=", jose)
      .where("course_id", "=", course)
      .execute();
    expect(
      (await post(certificateRoute, `/course/${course}/certificate.pdf?student=${jose}`, cookies.professor, course))
        .status,
    ).toBe(303);
    const first = await get(
      certificateRoute,
      `/course/${course}/certificate.pdf?student=${jose}`,
      cookies.professor,
      course,
    );
    expect(first.headers.get("Content-Disposition")).toBe(
      'inline; filename="certificate-pdf-b1-jose-nunez-goncalves-nandu.pdf"',
    );
    const firstText = pageTexts(await pdfOf(first))[0];
    const stored = await db()
      .selectFrom("certificates")
      .selectAll()
      .where("student_id", "=", jose)
      .where("course_id", "=", course)
      .execute();
    expect(stored).toEqual([issued]);
    expect(firstText).toContain(`Certificate No. ${stored[0].number}`);
    expect(firstText).toContain("José Núñez Gonçalves Ñandú");
    expect(firstText).toContain("B1 · CEFR B1");

    const again = pageTexts(
      await pdfOf(
        await get(certificateRoute, `/course/${course}/certificate.pdf?student=${jose}`, cookies.professor, course),
      ),
    )[0];
    expect(again).toContain(`Certificate No. ${stored[0].number}`);
    expect(
      await db().selectFrom("certificates").select("number").where("student_id", "=", jose).execute(),
    ).toHaveLength(1);
  });

  it("numbers each student's certificate differently; the course batch holds only passing students", async () => {
    // The batch: one POST issues the ones not issued yet (Ana), then the GET prints both.
    const issued = await post(certificateRoute, `/course/${course}/certificate.pdf?all=1`, cookies.professor, course);
    expect(issued.status).toBe(303);
    expect(issued.headers.get("Location")).toBe(`/course/${course}/certificate.pdf?all=1`);
    const res = await get(certificateRoute, `/course/${course}/certificate.pdf?all=1`, cookies.professor, course);
    expect(res.headers.get("Content-Disposition")).toBe('inline; filename="certificates-pdf-b1.pdf"');
    const doc = await pdfOf(res);
    expect(doc.getPageCount()).toBe(2);
    const rows = await db()
      .selectFrom("certificates")
      .select(["student_id", "number"])
      .where("course_id", "=", course)
      .execute();
    expect(rows.map((r) => Number(r.student_id)).sort()).toEqual([jose, ana].sort());
    expect(new Set(rows.map((r) => r.number)).size).toBe(2);
    const texts = pageTexts(doc).join("\n");
    for (const r of rows) expect(texts).toContain(r.number);
    expect(texts).not.toContain("Bruno");
  });

  it("refuses a failing student's certificate with a message", async () => {
    const res = await get(
      certificateRoute,
      `/course/${course}/certificate.pdf?student=${bruno}`,
      cookies.professor,
      course,
    );
    // 409 (was 400): the request is valid, the student's result is what refuses it (PRODUCT 7, issue 15).
    expect(res.status).toBe(409);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(await res.text()).toContain("Bruno Benítez did not pass this course");
    expect(await db().selectFrom("certificates").select("id").where("student_id", "=", bruno).execute()).toHaveLength(
      0,
    );
    // Posting it refuses it the same way, and issues nothing.
    const posted = await post(certificateRoute, `/course/${course}/certificate.pdf`, cookies.professor, course, {
      student: String(bruno),
    });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain("Bruno Benítez did not pass this course");
    expect(await db().selectFrom("certificates").select("id").where("student_id", "=", bruno).execute()).toHaveLength(
      0,
    );
  });

  it("gives the FAIL row no next level and tells each row whether a certificate can be issued", async () => {
    const res = await get(reportPage, `/course/${course}/student-report`, cookies.professor, course);
    expect(res.status).toBe(200);
    const { rows } = (await res.json()) as {
      rows: { id: number; result: string; nextLevel: string | null; certificate: unknown }[];
    };
    const row = (id: number) => rows.find((r) => r.id === id)!;
    expect(row(bruno)).toMatchObject({
      result: "FAIL",
      nextLevel: null,
      certificate: { eligible: false, reason: "not-passed" },
    });
    expect(row(jose)).toMatchObject({ result: "PASS", certificate: { eligible: true } });
    expect(row(jose).nextLevel).toBeTruthy();

    const other = (await (
      await get(reportPage, `/course/${runningCourse}/student-report`, cookies.professor, runningCourse)
    ).json()) as { rows: typeof rows };
    expect(other.rows[0]).toMatchObject({
      id: eva,
      result: "PASS",
      certificate: { eligible: false, reason: "course-not-ended" },
    });
  });

  it("refuses a certificate while the course has not ended: a translated 409 page, no number issued", async () => {
    const res = await get(
      certificateRoute,
      `/course/${runningCourse}/certificate.pdf?student=${eva}`,
      cookies.professor,
      runningCourse,
    );
    expect(res.status).toBe(409);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("<h1>No certificate for now</h1>");
    expect(html).toContain("Certificates are issued once the course has ended. This course ends on Dec 18, 2099.");
    expect(html).toContain(`href="/course/${runningCourse}/student-report"`);

    const es = await get(
      certificateRoute,
      `/course/${runningCourse}/certificate.pdf?student=${eva}`,
      cookies.professor,
      runningCourse,
      { "Accept-Language": "es" },
    );
    expect(es.status).toBe(409);
    const esHtml = await es.text();
    expect(esHtml).toContain('<html lang="es" dir="ltr">');
    expect(esHtml).toContain(
      "Los certificados se emiten cuando el curso ha terminado. Este curso termina el 18 dic 2099.",
    );
    const ar = await get(
      certificateRoute,
      `/course/${runningCourse}/certificate.pdf?all=1`,
      cookies.professor,
      runningCourse,
      { "Accept-Language": "ar" },
    );
    expect(ar.status).toBe(409);
    const arHtml = await ar.text();
    expect(arHtml).toContain('<html lang="ar" dir="rtl">');
    expect(arHtml).toContain("تُمنح الشهادات بعد انتهاء الدورة.");

    expect(
      (await post(certificateRoute, `/course/${runningCourse}/certificate.pdf?all=1`, cookies.professor, runningCourse))
        .status,
    ).toBe(409);
    expect(
      await db().selectFrom("certificates").select("id").where("course_id", "=", runningCourse).execute(),
    ).toHaveLength(0);
  });

  it("refuses a student without a grade for every grading item (409), and the course batch when nobody is eligible", async () => {
    const one = await get(
      certificateRoute,
      `/course/${gradingCourse}/certificate.pdf?student=${carla}`,
      cookies.professor,
      gradingCourse,
    );
    expect(one.status).toBe(409);
    expect(await one.text()).toContain("Carla Castro does not have a grade for every grading item of this course yet");
    const all = await get(
      certificateRoute,
      `/course/${gradingCourse}/certificate.pdf?all=1`,
      cookies.professor,
      gradingCourse,
    );
    expect(all.status).toBe(409);
    expect(await all.text()).toContain("No student of this course can receive a certificate");
    expect(
      await db().selectFrom("certificates").select("id").where("course_id", "=", gradingCourse).execute(),
    ).toHaveLength(0);
  });

  it("still refuses another professor an eligible student's certificate, and issues nothing", async () => {
    expect(
      (
        await get(
          certificateRoute,
          `/course/${otherCourse}/certificate.pdf?student=${ana}`,
          cookies.professor,
          otherCourse,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await post(
          certificateRoute,
          `/course/${otherCourse}/certificate.pdf?student=${ana}`,
          cookies.professor,
          otherCourse,
        )
      ).status,
    ).toBe(403);
    expect(
      await db().selectFrom("certificates").select("id").where("course_id", "=", otherCourse).execute(),
    ).toHaveLength(0);
  });

  it("still lists and certifies the students of an ended course whose enrollments were closed as completed", async () => {
    const page = (await (
      await get(reportPage, `/course/${completedCourse}/student-report`, cookies.professor, completedCourse)
    ).json()) as { rows: { id: number }[] };
    expect(page.rows.map((r) => r.id)).toEqual([lia]);
    expect(
      (
        await post(certificateRoute, `/course/${completedCourse}/certificate.pdf`, cookies.professor, completedCourse, {
          student: String(lia),
        })
      ).status,
    ).toBe(303);
    const text = pageTexts(
      await pdfOf(
        await get(
          certificateRoute,
          `/course/${completedCourse}/certificate.pdf?student=${lia}`,
          cookies.professor,
          completedCourse,
        ),
      ),
    )[0];
    expect(text).toContain("Lía Lozano");
    // The staff's view: the same students in the report and in the grades per item.
    const staff = (await (
      await get(staffReportPage, `/admin/courses/${completedCourse}/report`, cookies.coordinator, completedCourse)
    ).json()) as { rows: { id: number }[]; grades: { id: number }[] };
    expect(staff.rows.map((r) => r.id)).toEqual([lia]);
    expect(staff.grades.map((r) => r.id)).toEqual([lia]);
  });

  it("refuses a name the fonts cannot print with a message, not a broken PDF", async () => {
    const res = await get(
      certificateRoute,
      `/course/${unprintableCourse}/certificate.pdf?student=${unprintable}`,
      cookies.professor,
      unprintableCourse,
    );
    expect(res.status).toBe(400);
    expect(
      (
        await post(
          certificateRoute,
          `/course/${unprintableCourse}/certificate.pdf?student=${unprintable}`,
          cookies.professor,
          unprintableCourse,
        )
      ).status,
    ).toBe(400);
    expect(await res.text()).toContain("contains characters the PDF fonts cannot print");
    expect(
      await db().selectFrom("certificates").select("id").where("student_id", "=", unprintable).execute(),
    ).toHaveLength(0);
    const report = await get(
      reportRoute,
      `/course/${unprintableCourse}/report.pdf?all=1`,
      cookies.professor,
      unprintableCourse,
    );
    expect(report.status).toBe(400);
  });

  it("answers 404 for a student outside the course and 400 without a student", async () => {
    expect(
      (await get(reportRoute, `/course/${course}/report.pdf?student=${unprintable}`, cookies.professor, course)).status,
    ).toBe(404);
    expect((await get(reportRoute, `/course/${course}/report.pdf`, cookies.professor, course)).status).toBe(400);
  });

  it("refuses another professor's course (403) and sends staff away from the professor's routes", async () => {
    expect(
      (await get(reportRoute, `/course/${otherCourse}/report.pdf?all=1`, cookies.professor, otherCourse)).status,
    ).toBe(403);
    expect(
      (await get(certificateRoute, `/course/${course}/certificate.pdf?student=${jose}`, cookies.otherProfessor, course))
        .status,
    ).toBe(403);
    expect(
      redirectedTo(await get(reportRoute, `/course/${course}/report.pdf?all=1`, cookies.coordinator, course)),
    ).toBe("/dashboard");
  });
});

describe("the staff's PDFs", () => {
  it("lets the coordinator and admin staff print any course's reports and certificates", async () => {
    for (const role of ["coordinator", "admin_staff"] as const) {
      const doc = await pdfOf(
        await get(adminReportRoute, `/admin/courses/${otherCourse}/report.pdf?all=1`, cookies[role], otherCourse),
      );
      expect(doc.getPageCount()).toBe(1);
      // Issued by the professor above (the batch): staff print the same number; issuing again is a no-op.
      expect(
        (
          await post(adminCertificateRoute, `/admin/courses/${course}/certificate.pdf`, cookies[role], course, {
            student: String(ana),
          })
        ).headers.get("Location"),
      ).toBe(`/admin/courses/${course}/certificate.pdf?student=${ana}`);
      await pdfOf(
        await get(
          adminCertificateRoute,
          `/admin/courses/${course}/certificate.pdf?student=${ana}`,
          cookies[role],
          course,
        ),
      );
    }
  });

  it("refuses staff an ineligible student's certificate with the same reasons (409), and shows the same rows", async () => {
    const res = await get(
      adminCertificateRoute,
      `/admin/courses/${runningCourse}/certificate.pdf?student=${eva}`,
      cookies.coordinator,
      runningCourse,
    );
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("This course ends on Dec 18, 2099.");
    expect(html).toContain(`href="/admin/courses/${runningCourse}"`);
    expect(
      (
        await post(
          adminCertificateRoute,
          `/admin/courses/${runningCourse}/certificate.pdf?student=${eva}`,
          cookies.coordinator,
          runningCourse,
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await get(
          adminCertificateRoute,
          `/admin/courses/${course}/certificate.pdf?student=${bruno}`,
          cookies.admin_staff,
          course,
        )
      ).status,
    ).toBe(409);
    expect(
      await db().selectFrom("certificates").select("id").where("course_id", "=", runningCourse).execute(),
    ).toHaveLength(0);

    const page = (await (
      await get(staffReportPage, `/admin/courses/${course}/report`, cookies.coordinator, course)
    ).json()) as { rows: { id: number; nextLevel: string | null; certificate: unknown }[] };
    expect(page.rows.find((r) => r.id === bruno)).toMatchObject({
      nextLevel: null,
      certificate: { eligible: false, reason: "not-passed" },
    });
  });

  it("refuses other roles (403) and professors (to their area)", async () => {
    for (const role of ["receptionist", "financial"] as const) {
      expect(
        (await get(adminReportRoute, `/admin/courses/${course}/report.pdf?all=1`, cookies[role], course)).status,
      ).toBe(403);
      expect(
        (await get(adminCertificateRoute, `/admin/courses/${course}/certificate.pdf?all=1`, cookies[role], course))
          .status,
      ).toBe(403);
      expect(
        (await post(adminCertificateRoute, `/admin/courses/${course}/certificate.pdf?all=1`, cookies[role], course))
          .status,
      ).toBe(403);
    }
    expect(
      redirectedTo(await get(adminReportRoute, `/admin/courses/${course}/report.pdf?all=1`, cookies.professor, course)),
    ).toBe("/teachers");
  });

  it("answers 404 for a course that does not exist", async () => {
    expect(
      (await get(adminReportRoute, "/admin/courses/999999/report.pdf?all=1", cookies.coordinator, 999999)).status,
    ).toBe(404);
  });
});
