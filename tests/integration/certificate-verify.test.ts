import { type LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import { CODE_ALPHABET, normalizeCode } from "~/modules/certificates/codes";
import { VERIFY_LIMIT, verifyCertificate } from "~/modules/certificates/verify.server";
import * as staffPage from "~/routes/_app.admin.courses.$id_.certificates";
import * as adminCertificateRoute from "~/routes/admin.courses.$id.certificate[.pdf]";
import * as resultPage from "~/routes/certificates.verify.$code";
import * as formPage from "~/routes/certificates.verify._index";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";
import { pdfjsPageTexts } from "../unit/pdfjs-text";

useTestDatabase();

// Issue 21 (ADR 048): certificates anyone can verify, revoke and re-issue.

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let course: number;
let student: number;
let certificateId: number;
let code: string;

let clientSeq = 0;
/** Each lookup from its own client unless one is named (the limit is per client). */
async function lookup(path: string, client = `10.0.0.${++clientSeq}`) {
  const params = { code: decodeURIComponent(path.replace("/certificates/verify/", "")) };
  try {
    return (await resultPage.loader({
      request: request(path),
      params,
      context: { clientAddress: client },
    } as unknown as LoaderFunctionArgs)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
  const now = new Date().toISOString();
  student = Number(
    (
      await db()
        .insertInto("students")
        .values(
          studentRow({
            first_name: "Verónica",
            last_name: "Quintero",
            second_last_name: "",
            id_number: "1799999991",
            email: "veronica@example.com",
            birthday: "1999-04-03",
            level_id: 3,
            created_at: now,
            updated_at: now,
          }),
        )
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  course = Number(
    (
      await db()
        .insertInto("courses")
        .values(
          courseRow({
            course_number: "960",
            course_id: "VER-B1",
            level_id: 3,
            start_date: "2026-01-05",
            end_date: "2026-03-27",
            professor_id: users.professor.id,
            created_at: now,
            updated_at: now,
          }),
        )
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const items = await db()
    .insertInto("grading_items")
    .values([
      { course_id: course, item_name: "Assignment 1", category: "ASSIGNMENTS", position: 1 },
      { course_id: course, item_name: "Reading", category: "EXAM", position: 2 },
    ])
    .returning("id")
    .execute();
  await db()
    .insertInto("enrollments")
    .values({ course_id: course, student_id: student, start_date: "2026-01-05", end_date: null, end_reason: null })
    .execute();
  await db()
    .insertInto("grades")
    .values(items.map((i) => ({ grading_item_id: Number(i.id), student_id: student, grade: 91, updated_at: now })))
    .execute();
  // Issued as staff issue it: a POST to the certificate PDF route.
  const issued = await callAction(
    adminCertificateRoute,
    request(`/admin/courses/${course}/certificate.pdf?student=${student}`, {
      method: "POST",
      cookie: cookies.admin_staff,
      form: {},
    }),
    { id: String(course) },
  );
  expect(issued.status).toBe(303);
  const row = await db()
    .selectFrom("certificates")
    .select(["id", "verification_code"])
    .where("student_id", "=", student)
    .executeTakeFirstOrThrow();
  certificateId = row.id;
  code = row.verification_code;
});

describe("verification codes", () => {
  it("an issued certificate gets a 12-character code of the unambiguous alphabet, unique", async () => {
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    for (const ch of code.replace(/-/g, "")) expect(CODE_ALPHABET).toContain(ch);
    await expect(
      db()
        .insertInto("certificates")
        .values({
          number: "DUP-1",
          student_id: student,
          course_id: course,
          issued_on: "2026-04-01",
          issued_by: null,
          created_at: new Date().toISOString(),
          verification_code: code,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("the PDF prints the code and the absolute verification URL", async () => {
    const response = await callLoader(
      adminCertificateRoute,
      request(`/admin/courses/${course}/certificate.pdf?student=${student}`, { cookie: cookies.coordinator }),
      { id: String(course) },
    );
    expect(response.status).toBe(200);
    const [text] = await pdfjsPageTexts(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(code);
    expect(text).toContain(`/certificates/verify/${code}`);
  });
});

describe("the public page", () => {
  it("shows only the allowed fields: school, name, level and band, dates, grade and band, issue date, status", async () => {
    const response = await lookup(`/certificates/verify/${code.toLowerCase().replace(/-/g, " ")}`);
    expect(response.status).toBe(200);
    const data = await response.json();
    const c = data.outcome.certificate;
    expect(Object.keys(c).sort()).toEqual(
      [
        "code",
        "school",
        "studentName",
        "level",
        "cefr",
        "startDate",
        "endDate",
        "final",
        "band",
        "issuedOn",
        "status",
        "revokedAt",
        "replacedAt",
        "timeZone",
      ].sort(),
    );
    expect(c).toMatchObject({
      code,
      studentName: "Verónica Quintero",
      level: "B1",
      cefr: "B1",
      startDate: "2026-01-05",
      endDate: "2026-03-27",
      final: 91,
      band: "Excellent",
      status: "valid",
      revokedAt: null,
    });
    const raw = JSON.stringify(data);
    for (const secret of ["1799999991", "veronica@example.com", "1999-04-03", "student_id"])
      expect(raw).not.toContain(secret);
  });

  it("the form sends a typed code to its page (case and dashes ignored)", async () => {
    const response = await callLoader(
      formPage,
      request(`/certificates/verify?code=${code.toLowerCase().replace(/-/g, "")}`),
    );
    expect(redirectedTo(response)).toBe(`/certificates/verify/${code}`);
    expect((await callLoader(formPage, request("/certificates/verify"))).status).toBe(200);
  });

  it("unknown and hostile codes are a 404 that reveals nothing, never a 500", async () => {
    const hostile = [
      "ABCD-EFGH-JKMN",
      "x".repeat(10_000),
      "' OR 1=1 --",
      "ÄÖÜ-证书-شهادة",
      "%00%27",
      "ABCD-EFGH-JKM0",
      "",
    ];
    for (const input of hostile) {
      const response = await lookup(`/certificates/verify/${encodeURIComponent(input)}`);
      expect(response.status, input.slice(0, 20)).toBe(404);
      const data = await response.json();
      expect(data.outcome).toEqual({ ok: false, reason: "notFound" });
    }
    expect(normalizeCode("x".repeat(10_000))).toBeNull();
    const form = await callLoader(formPage, request(`/certificates/verify?code=${encodeURIComponent("<script>")}`));
    expect(redirectedTo(form)).toBe("/certificates/verify/script");
  });

  it(`answers 429 after ${VERIFY_LIMIT} lookups from one client in the window, and only to that client`, async () => {
    const client = "192.0.2.77";
    for (let i = 0; i < VERIFY_LIMIT; i++)
      expect((await lookup(`/certificates/verify/${code}`, client)).status).toBe(200);
    const refused = await lookup(`/certificates/verify/${code}`, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect((await refused.json()).outcome).toEqual({ ok: false, reason: "rateLimited" });
    expect((await lookup(`/certificates/verify/${code}`, "192.0.2.78")).status).toBe(200);
    expect((await verifyCertificate(code, client)).ok).toBe(false);
  });
});

describe("revoke and re-issue", () => {
  const page = () => `/admin/courses/${course}/certificates`;
  const post = (role: Role, form: Record<string, string>) =>
    callAction(staffPage, request(page(), { method: "POST", cookie: cookies[role], form }), { id: String(course) });

  it("the staff page lists the course's certificates for admin and coordinator; others are refused", async () => {
    const ok = await callLoader(staffPage, request(page(), { cookie: cookies.coordinator }), { id: String(course) });
    expect(ok.status).toBe(200);
    const data = await ok.json();
    expect(data.certificates).toHaveLength(1);
    expect(data.certificates[0]).toMatchObject({ code, name: "Verónica Quintero", revokedAt: null });
    const denied = await callLoader(staffPage, request(page(), { cookie: cookies.receptionist }), {
      id: String(course),
    });
    expect(denied.status).toBe(403);
    const refused = await post("receptionist", {
      intent: "revoke",
      certificate_id: String(certificateId),
      reason: "x",
    });
    expect(refused.status).toBe(403);
    expect((await lookup(`/certificates/verify/${code}`)).status).toBe(200);
  });

  it("a reason is required and length-limited; nothing changes when refused", async () => {
    const empty = await post("coordinator", { intent: "revoke", certificate_id: String(certificateId), reason: "  " });
    expect(empty.status).toBe(400);
    const long = await post("coordinator", {
      intent: "revoke",
      certificate_id: String(certificateId),
      reason: "x".repeat(301),
    });
    expect(long.status).toBe(400);
    const other = await post("coordinator", { intent: "revoke", certificate_id: "99999", reason: "Wrong grade" });
    expect(other.status).toBe(404);
    const row = await db()
      .selectFrom("certificates")
      .select("revoked_at")
      .where("id", "=", certificateId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it("revoking: the page says REVOKED with the date, the PDF is no longer printed, the audit log has the reason", async () => {
    const done = await post("coordinator", {
      intent: "revoke",
      certificate_id: String(certificateId),
      reason: "Grade entered by mistake",
    });
    expect(redirectedTo(done)).toBe(page());
    const again = await post("admin_staff", {
      intent: "revoke",
      certificate_id: String(certificateId),
      reason: "Twice",
    });
    expect(again.status).toBe(409);

    const shown = (await (await lookup(`/certificates/verify/${code}`)).json()).outcome.certificate;
    expect(shown.status).toBe("revoked");
    expect(shown.revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(shown)).not.toContain("Grade entered by mistake");

    const pdf = await callLoader(
      adminCertificateRoute,
      request(`/admin/courses/${course}/certificate.pdf?student=${student}`, { cookie: cookies.admin_staff }),
      { id: String(course) },
    );
    expect(pdf.status).toBe(409);
    expect(pdf.headers.get("Content-Type")).toContain("text/html");

    const logged = await db()
      .selectFrom("audit_log")
      .select(["user_id", "details"])
      .where("action", "=", "certificate.revoked")
      .where("entity_id", "=", certificateId)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0].user_id).toBe(users.coordinator.id);
    expect(String(logged[0].details)).toContain("Grade entered by mistake");
  });

  it("re-issuing gives a new valid code; the old code still answers REVOKED (replaced)", async () => {
    const done = await post("admin_staff", { intent: "reissue", certificate_id: String(certificateId) });
    expect(redirectedTo(done)).toBe(page());
    const row = await db()
      .selectFrom("certificates")
      .select(["verification_code", "revoked_at"])
      .where("id", "=", certificateId)
      .executeTakeFirstOrThrow();
    expect(row.verification_code).not.toBe(code);
    expect(row.revoked_at).toBeNull();

    const fresh = (await (await lookup(`/certificates/verify/${row.verification_code}`)).json()).outcome.certificate;
    expect(fresh.status).toBe("valid");
    const old = (await (await lookup(`/certificates/verify/${code}`)).json()).outcome.certificate;
    expect(old).toMatchObject({ status: "revoked", studentName: "Verónica Quintero" });
    expect(old.replacedAt).toMatch(/^\d{4}-/);

    const twice = await post("admin_staff", { intent: "reissue", certificate_id: String(certificateId) });
    expect(twice.status).toBe(409);
    const pdf = await callLoader(
      adminCertificateRoute,
      request(`/admin/courses/${course}/certificate.pdf?student=${student}`, { cookie: cookies.admin_staff }),
      { id: String(course) },
    );
    expect(pdf.status).toBe(200);
    const audit = await db()
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "certificate.reissued")
      .execute();
    expect(audit).toHaveLength(1);
  });
});
