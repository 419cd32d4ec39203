import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { containsNul, readForm } from "~/http/form.server";
import { issueSession } from "~/http/session.server";
import { ROLES } from "~/modules/auth/permissions";
import { MAX_ID, isRowId, rowId } from "~/modules/shared/ids";
import { containsPattern } from "~/modules/shared/listing";
import * as auditRoute from "~/routes/_app.admin.audit";
import * as courseRoute from "~/routes/_app.admin.courses.$id";
import * as reportRoute from "~/routes/_app.admin.courses.$id_.report";
import * as registrationRoute from "~/routes/_app.admin.registered-students.$id";
import * as registrationsRoute from "~/routes/_app.admin.registered-students._index";
import * as studentsRoute from "~/routes/_app.admin.students._index";
import * as newStudentRoute from "~/routes/_app.admin.students.new";
import * as syllabusRoute from "~/routes/_app.admin.syllabus";
import * as teachersRoute from "~/routes/_app.admin.teachers";
import * as transferEditRoute from "~/routes/_app.admin.transfer-students.$id.edit";
import * as transfersRoute from "~/routes/_app.admin.transfer-students._index";
import * as newTransferRoute from "~/routes/_app.admin.transfer-students.new";
import * as userRoute from "~/routes/_app.admin.users.$id";
import * as usersRoute from "~/routes/_app.admin.users._index";
import * as newUserRoute from "~/routes/_app.admin.users.new";
import * as coursePageRoute from "~/routes/_app.course.$id";
import * as attendanceRoute from "~/routes/_app.course.$id.attendance";
import * as gradebookRoute from "~/routes/_app.course.$id.gradebook";
import * as profileRoute from "~/routes/_app.profile";
import * as loginRoute from "~/routes/authentication.login";
import * as stepRoute from "~/routes/students-registration.$step";
import * as apiApproveRoute from "~/routes/v1.api.transfer-data.approve.$id";
import * as apiCreateRoute from "~/routes/v1.api.transfer-data.create";
import * as apiGetAllRoute from "~/routes/v1.api.transfer-data.get-all";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN, callAction, callLoader, createRoleUsers, request, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";
import { storedImages } from "../helpers/stored-images";

// The 500s the generated inputs of fuzz.test.ts found, one test each, so they
// stay fixed even when the generator's seed no longer produces them:
// 1. a body that is not a form (wrong or no Content-Type, broken multipart)
//    made request.formData() throw in every action;
// 2. an id beyond 32 bits (4294967296, 1e21) in a URL, a query string, a form
//    or a JSON body passed the checks and failed the query on PostgreSQL;
// 3. a NUL character in a text field failed the insert on PostgreSQL.

useTestDatabase();

const UPLOADS = fs.mkdtempSync(path.join(os.tmpdir(), "school-fuzzreg-uploads-"));
process.env.UPLOAD_DIR = UPLOADS;
afterAll(() => fs.rmSync(UPLOADS, { recursive: true, force: true }));

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let bearer: string;
let course: number;
let student: number;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  bearer = (await issueSession(request("/"), users.admin_staff.id)).token;
  course = Number(
    (
      await db()
        .insertInto("courses")
        .values(courseRow({ course_id: "REG-1", professor_id: users.professor.id }))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  student = Number(
    (
      await db()
        .insertInto("students")
        .values(studentRow({ id_number: "1900000001" }))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db()
    .insertInto("enrollments")
    .values({ course_id: course, student_id: student, start_date: "2026-09-07", end_date: null, end_reason: null })
    .execute();
});

const BIG = ["2147483648", "4294967296", "9007199254740992", "1e21", "1e308"];

async function counts() {
  const tables = [
    "students",
    "users",
    "syllabus_items",
    "transfers",
    "audit_log",
    "enrollments",
    "registrations",
  ] as const;
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = Number(
      (
        await db()
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

function post(
  pathname: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  cookie = cookies.admin_staff,
) {
  const headers = new Headers({ Origin: ORIGIN, Cookie: cookie });
  if (contentType) headers.set("Content-Type", contentType);
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body });
}

function api(pathname: string, method: string, json?: unknown) {
  const headers = new Headers({ Authorization: `Bearer ${bearer}` });
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${ORIGIN}${pathname}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

describe("a body that is not a form: 400, not 500", () => {
  it("readForm refuses a body of another type, of no type, or with a NUL character", async () => {
    const bodies: [BodyInit | undefined, string | undefined][] = [
      ["first_name=Ana", "text/plain"],
      ['{"first_name":"Ana"}', "application/json"],
      ["first_name=Ana", undefined],
      ["--x\r\nbroken", "multipart/form-data; boundary=x"],
      ["first_name=A%00na", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of bodies) {
      const thrown = await readForm(post("/x", body, type)).catch((e: unknown) => e);
      expect(thrown, `${type}: ${String(body)}`).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
    }
    expect((await readForm(post("/x", "first_name=Ana", "application/x-www-form-urlencoded"))).get("first_name")).toBe(
      "Ana",
    );
  });

  it("no route module reads its form without readForm", () => {
    const sources = import.meta.glob<string>("/app/routes/*.{ts,tsx}", {
      eager: true,
      query: "?raw",
      import: "default",
    });
    const direct = Object.entries(sources)
      .filter(([, text]) => /request(\.clone\(\))?\.formData\(\)/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });

  it("a new student posted as text/plain, as JSON or with no type: 400, nothing written", async () => {
    const before = await counts();
    for (const type of ["text/plain", "application/json", undefined]) {
      const response = await callAction(newStudentRoute, post("/admin/students/new", "first_name=Ana", type));
      expect(response.status).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it("the public registration and the sign-in, posted as text/plain: 400", async () => {
    const step = await callAction(stepRoute, post("/students-registration/personal", "a=b", "text/plain", ""), {
      step: "personal",
    });
    expect(step.status).toBe(400);
    const login = await callAction(loginRoute, post("/authentication/login", "a=b", "text/plain", ""));
    expect(login.status).toBe(400);
  });

  it("an avatar in a multipart body with a nameless part: 400, no file kept", async () => {
    const body = `--x\r\nContent-Disposition: form-data; name=""\r\n\r\nv\r\n--x--\r\n`;
    const response = await callAction(profileRoute, post("/profile", body, "multipart/form-data; boundary=x"));
    expect(response.status).toBe(400);
    expect(await storedImages()).toEqual([]);
  });
});

describe("ids beyond 32 bits: 404 or 400, not a failed query", () => {
  it("rowId and isRowId take 1 to 2147483647 and nothing else", () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    for (const ok of ["1", "2147483647", " 7 "]) expect(rowId(ok), ok).not.toBeNull();
    for (const bad of [...BIG, "0", "-1", "1.5", "", "abc", null, undefined])
      expect(rowId(bad), String(bad)).toBeNull();
    expect(isRowId(2 ** 31)).toBe(false);
  });

  it.each(BIG)("route params: /admin/users/%s, /course/%s, /admin/transfer-students/%s/edit → 404", async (big) => {
    const cases: [Parameters<typeof callLoader>[0], string, string, Role][] = [
      [userRoute, `/admin/users/${big}`, big, "admin_staff"],
      [registrationRoute, `/admin/registered-students/${big}`, big, "admin_staff"],
      [transferEditRoute, `/admin/transfer-students/${big}/edit`, big, "admin_staff"],
      [coursePageRoute, `/course/${big}`, big, "professor"],
      [gradebookRoute, `/course/${big}/gradebook`, big, "professor"],
      [reportRoute, `/admin/courses/${big}/report`, big, "admin_staff"],
      [courseRoute, `/admin/courses/${big}`, big, "admin_staff"],
    ];
    for (const [route, pathname, id, role] of cases) {
      const response = await callLoader(route, request(pathname, { cookie: cookies[role] }), { id });
      expect(response.status, pathname).toBe(404);
    }
    const actions: [Parameters<typeof callAction>[0], string, Record<string, string>][] = [
      [userRoute, `/admin/users/${big}`, { intent: "activate" }],
      [transferEditRoute, `/admin/transfer-students/${big}/edit`, {}],
      [reportRoute, `/admin/courses/${big}/report`, { selected_course_id: "1" }],
    ];
    for (const [route, pathname, form] of actions) {
      const response = await callAction(route, request(pathname, { cookie: cookies.admin_staff, form }), { id: big });
      expect(response.status, pathname).toBe(404);
    }
    const viaApi = await callAction(apiApproveRoute, api(`/v1/api/transfer-data/approve/${big}`, "PUT"), { id: big });
    expect(viaApi.status).toBe(404);
  });

  it.each(BIG)("query strings: ?id=, ?from=, ?course=, ?level=, ?actor= of %s → the list as usual", async (big) => {
    const pages: [Parameters<typeof callLoader>[0], string][] = [
      [transfersRoute, `/admin/transfer-students?id=${big}&course=${big}&level=${big}`],
      [newTransferRoute, `/admin/transfer-students/new?from=${big}`],
      [registrationsRoute, `/admin/registered-students?level=${big}`],
      [auditRoute, `/admin/audit?actor=${big}`],
    ];
    for (const [route, pathname] of pages) {
      const response = await callLoader(route, request(pathname, { cookie: cookies.admin_staff }));
      expect(response.status, pathname).toBe(200);
    }
    const viaApi = await callLoader(
      apiGetAllRoute,
      api(`/v1/api/transfer-data/get-all?course=${big}&level=${big}`, "GET"),
    );
    expect(viaApi.status).toBe(200);
  });

  it.each(BIG)("form fields and JSON bodies naming id %s → 400, nothing written", async (big) => {
    const before = await counts();
    const forms: [Parameters<typeof callAction>[0], string, Record<string, string>, Record<string, string>][] = [
      [transfersRoute, "/admin/transfer-students", { intent: "approve", id: big }, {}],
      [registrationRoute, "/admin/registered-students/1", { intent: "approve", course_id: big }, { id: "1" }],
      [
        newTransferRoute,
        "/admin/transfer-students/new",
        { student_ids: big, from_course_id: String(course), selected_course_id: big, selected_level_id: "2" },
        {},
      ],
    ];
    for (const [route, pathname, form, params] of forms) {
      const response = await callAction(route, request(pathname, { cookie: cookies.admin_staff, form }), params);
      expect(response.status, `${pathname} ${JSON.stringify(form)}`).toBe(400);
    }
    const attendance = await callAction(
      attendanceRoute,
      request(`/course/${course}/attendance`, {
        cookie: cookies.professor,
        form: { date: "2026-09-07", [`status-${big}`]: "present" },
      }),
      { id: String(course) },
    );
    expect(attendance.status).toBe(400);
    const viaApi = await callAction(
      apiCreateRoute,
      api("/v1/api/transfer-data/create", "POST", {
        student_ids: [Number(big)],
        from_course_id: course,
        selected_course_id: Number(big),
        selected_level_id: 2,
      }),
    );
    expect(viaApi.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("an avatar for user 9007199254740992: 404, no file kept", async () => {
    const fd = new FormData();
    fd.append("intent", "avatar");
    fd.append("avatar", new Blob([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")]), "a.png");
    const response = await callAction(
      userRoute,
      new Request(`${ORIGIN}/admin/users/9007199254740992`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookies.admin_staff },
        body: fd,
      }),
      { id: "9007199254740992" },
    );
    expect(response.status).toBe(404);
    expect(await storedImages()).toEqual([]);
  });
});

describe("NUL characters: 400 in a form or JSON body, ignored in a search", () => {
  it("containsNul and containsPattern", () => {
    expect(containsNul("a\u0000b")).toBe(true);
    expect(containsNul({ reason: ["x", { deep: "\u0000" }] })).toBe(true);
    expect(containsNul({ "a\u0000": 1 })).toBe(true);
    expect(containsNul({ reason: "plain", n: 1, list: [null, true] })).toBe(false);
    expect(containsPattern("a\u0000b%")).toBe("%ab\\%%");
  });

  it("a new student, a user, a professor, a syllabus item named with NUL: 400, nothing written", async () => {
    const before = await counts();
    const nul = "Ana\u0000Maria";
    const forms: [Parameters<typeof callAction>[0], string, Record<string, string>][] = [
      [
        newStudentRoute,
        "/admin/students/new",
        {
          first_name: nul,
          middle_name: "B",
          last_name: "C",
          second_last_name: "D",
          id_number: "1900000099",
          birthday: "1990-01-01",
          phone_number: "0991234567",
          email: "a@b.co",
          age_category: "adults",
          address: "x",
          level_id: "1",
          schedule: "MON-WED-09-11",
          same_billing: "yes",
        },
      ],
      [
        newUserRoute,
        "/admin/users/new",
        { method: "link", name: nul, email: "nul@school.example.com", role: "receptionist" },
      ],
      [
        teachersRoute,
        "/admin/teachers",
        { name: nul, email: "nul2@school.example.com", password: "long-enough-password" },
      ],
      [syllabusRoute, "/admin/syllabus?level=1", { intent: "add", item_name: nul, category: "EXAM" }],
    ];
    for (const [route, pathname, form] of forms) {
      const response = await callAction(route, request(pathname, { cookie: cookies.admin_staff, form }));
      expect(response.status, pathname).toBe(400);
    }
    const viaApi = await callAction(
      apiCreateRoute,
      api("/v1/api/transfer-data/create", "POST", {
        student_ids: [student],
        from_course_id: course,
        selected_course_id: course + 1,
        selected_level_id: 2,
        reason: "x\u0000",
      }),
    );
    expect(viaApi.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a search for text with NUL finds nothing and fails nothing", async () => {
    const q = encodeURIComponent("Ana\u0000");
    for (const [route, pathname] of [
      [studentsRoute, `/admin/students?q=${q}`],
      [usersRoute, `/admin/users?q=${q}`],
      [teachersRoute, `/admin/teachers?q=${q}`],
      [registrationsRoute, `/admin/registered-students?q=${q}`],
      [transfersRoute, `/admin/transfer-students?q=${q}`],
      [courseRoute, `/admin/courses/${course}?q=${q}`],
    ] as const) {
      const response = await callLoader(route, request(pathname, { cookie: cookies.admin_staff }), {
        id: String(course),
      });
      expect(response.status, pathname).toBe(200);
    }
    const viaApi = await callLoader(apiGetAllRoute, api(`/v1/api/transfer-data/get-all?q=${q}`, "GET"));
    expect(viaApi.status).toBe(200);
  });
});
