import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { requireId, searchId } from "~/http/ids.server";
import { notFound, notFoundResponse } from "~/http/not-found.server";
import { issueSession } from "~/http/session.server";
import { MAX_ID, rowId } from "~/modules/shared/ids";
import * as courseRoute from "~/routes/_app.admin.courses.$id";
import * as courseEditRoute from "~/routes/_app.admin.courses.$id_.edit";
import * as reportRoute from "~/routes/_app.admin.courses.$id_.report";
import * as studentRoute from "~/routes/_app.admin.students.$id";
import * as studentEditRoute from "~/routes/_app.admin.students.$id_.edit";
import * as userRoute from "~/routes/_app.admin.users.$id";
import * as coursePageRoute from "~/routes/_app.course.$id";
import * as reportPdfRoute from "~/routes/admin.courses.$id.report[.pdf]";
import * as apiApproveRoute from "~/routes/v1.api.transfer-data.approve.$id";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN, callAction, callLoader, createRoleUsers, request, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";

// Issue 17 (ADR 033): one way from a URL to an id or a 404. Every route reads
// its ids through app/http/ids.server (rowId's grammar: decimal digits, 1 to
// MAX_ID) and answers an id that names nothing with the one 404 of
// app/http/not-found.server.

useTestDatabase();

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
let bearer: string;
let course: number;
let student: number;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ["admin_staff", "professor"] as const) cookies[role] = await signIn(users[role].email);
  bearer = (await issueSession(request("/"), users.admin_staff.id)).token;
  course = Number(
    (
      await db()
        .insertInto("courses")
        .values(courseRow({ course_id: "IDS-1", professor_id: users.professor.id }))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  student = Number(
    (
      await db()
        .insertInto("students")
        .values(studentRow({ id_number: "1700000017" }))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
});

describe("the id grammar", () => {
  it("rowId takes decimal digits naming 1 to MAX_ID, and nothing else", () => {
    for (const [text, id] of [
      ["1", 1],
      ["042", 42],
      [" 7 ", 7],
      [String(MAX_ID), MAX_ID],
    ] as const)
      expect(rowId(text), text).toBe(id);
    const refused = [
      "0",
      "-1",
      "+1",
      "1.0",
      "1.5",
      "1e3",
      "0x10",
      "0b101",
      "1_000",
      "١٢٣",
      "１２３",
      "Infinity",
      "NaN",
      "",
      " ",
      "2147483648",
      "99999999999",
      "7abc",
    ];
    for (const text of refused) expect(rowId(text), text).toBeNull();
  });

  it("requireId throws the one 404 answer; searchId reads a query parameter or gives null", async () => {
    expect(requireId({ id: "12" })).toBe(12);
    expect(requireId({ course: "5" }, "course")).toBe(5);
    for (const params of [{}, { id: "1e3" }, { id: "0" }, { other: "5" }]) {
      const thrown = (() => {
        try {
          requireId(params);
        } catch (error) {
          return error;
        }
      })();
      expect(thrown, JSON.stringify(params)).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
      expect(await (thrown as Response).json()).toEqual({ message: "Not found" });
    }
    expect(searchId(new Request(`${ORIGIN}/x?from=9&edit=1e3`), "from")).toBe(9);
    expect(searchId(new Request(`${ORIGIN}/x?from=9&edit=1e3`), "edit")).toBeNull();
    expect(searchId(new Request(`${ORIGIN}/x`), "from")).toBeNull();
    expect(() => notFound()).toThrow();
    const answer = notFoundResponse();
    expect([answer.status, await answer.json()]).toEqual([404, { message: "Not found" }]);
  });
});

describe("route ids: one address per record", () => {
  type Page = [Parameters<typeof callLoader>[0], (id: string) => string, () => number, Role];
  const pages: Page[] = [
    [userRoute, (id) => `/admin/users/${id}`, () => users.receptionist.id, "admin_staff"],
    [courseRoute, (id) => `/admin/courses/${id}`, () => course, "admin_staff"],
    [courseEditRoute, (id) => `/admin/courses/${id}/edit`, () => course, "admin_staff"],
    [reportRoute, (id) => `/admin/courses/${id}/report`, () => course, "admin_staff"],
    [studentRoute, (id) => `/admin/students/${id}`, () => student, "admin_staff"],
    [studentEditRoute, (id) => `/admin/students/${id}/edit`, () => student, "admin_staff"],
    [coursePageRoute, (id) => `/course/${id}`, () => course, "professor"],
  ];

  it("the id in decimal (also with leading zeros) opens the record", async () => {
    for (const [route, path, id, role] of pages) {
      for (const text of [String(id()), `00${id()}`]) {
        const response = await callLoader(route, request(path(text), { cookie: cookies[role] }), { id: text });
        expect([path(text), response.status]).toEqual([path(text), 200]);
      }
    }
  });

  it("any other spelling of the same number, or a number that names no row, is the one 404", async () => {
    for (const [route, path, id, role] of pages) {
      const n = id();
      for (const text of [`${n}.0`, `${n}e0`, `+${n}`, `0x${n.toString(16)}`, "999999", "0", "abc"]) {
        const response = await callLoader(route, request(path(text), { cookie: cookies[role] }), { id: text });
        expect([path(text), response.status]).toEqual([path(text), 404]);
        expect(await response.json()).toEqual({ message: "Not found" });
      }
    }
  });

  it("resource routes and the API answer the same 404", async () => {
    const pdf = await callLoader(
      reportPdfRoute,
      request(`/admin/courses/${course}e0/report.pdf?all=1`, { cookie: cookies.admin_staff }),
      { id: `${course}e0` },
    );
    expect([pdf.status, await pdf.json()]).toEqual([404, { message: "Not found" }]);
    const api = await callAction(
      apiApproveRoute,
      new Request(`${ORIGIN}/v1/api/transfer-data/approve/1.0`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${bearer}` },
      }),
      { id: "1.0" },
    );
    expect([api.status, await api.json()]).toEqual([404, { message: "Not found" }]);
  });
});

describe("the edge in the source", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
    });
  }
  const lines = (dir: string, pattern: RegExp) =>
    sources(join(root, dir)).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );

  it("no route builds the 404 answer or parses an id by hand; the id limit is MAX_ID", () => {
    expect(lines("app/routes", /message: "Not found"|apiError\(404/)).toEqual([]);
    expect(
      lines(
        "app/routes",
        /\b(parseCourseId|parseStudentId|courseIdParam|positiveId|parseId|transferId)\(|Number\(params\.\w+\)/,
      ),
    ).toEqual([]);
    // students.server.ts: parseStudentId, no longer called by any route, goes with the modules' own 404s (issue 17, outcomes).
    expect(
      lines("app", /2_000_000_000|2_147_483_647|2147483647/).filter(
        (l) => !l.startsWith("app/modules/shared/ids.ts") && !l.startsWith("app/modules/students/students.server.ts"),
      ),
    ).toEqual([]);
  });

  it("nothing in app/modules imports the route edge", () => {
    expect(lines("app/modules", /from "~\/http\//)).toEqual([]);
  });
});
