import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { BODY_LIMITS } from "~/http/body.server";
import { failedSubmissionToast } from "~/http/toast.server";
import { cellName, originalName } from "~/modules/grades/gradebook";
import { IMAGE_MAX_BYTES } from "~/modules/users/avatar.server";
import * as gradebookRoute from "~/routes/_app.course.$id.gradebook";
import * as profileRoute from "~/routes/_app.profile";
import * as loginRoute from "~/routes/authentication.login";
import * as registrationRoute from "~/routes/students-registration.$step";
import * as apiLogin from "~/routes/v1.api.auth.login";
import * as apiCreate from "~/routes/v1.api.transfer-data.create";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN, PASSWORD, callAction, createRoleUsers, emailFor, redirectedTo, signIn } from "../helpers/fixtures";
import { courseRow, studentRow } from "../helpers/rows";
import { storedImages } from "../helpers/stored-images";

// Request bodies over their kind's limit (issue 16, H1; ADR 026): refused
// with 413 before they are read when their length says so, cut off at the
// limit when it does not; nothing written either way. Real posts of the
// largest kinds (a 60 x 40 gradebook, a 2 MB picture) still go through.

useTestDatabase();

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * A body of `total` bytes made on demand (never held whole), counting what
 * the server pulled from it: 0 means the body was not read at all.
 */
function countedBody(total: number, byte = 0x61) {
  const chunk = new Uint8Array(CHUNK).fill(byte);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const part = chunk.subarray(0, Math.min(CHUNK, total - counter.pulled));
        counter.pulled += part.byteLength;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

/** A POST whose body streams `total` bytes; with `declared` its Content-Length says so, without it the body is chunked. */
function bigPost(
  url: string,
  total: number,
  {
    declared,
    type = "application/x-www-form-urlencoded",
    headers = {},
  }: { declared: boolean; type?: string; headers?: Record<string, string> },
) {
  const { stream, counter } = countedBody(total);
  const h = new Headers({ Origin: ORIGIN, "Content-Type": type, ...headers });
  if (declared) h.set("Content-Length", String(total));
  const req = new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: h,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { req, counter };
}

const count = async (table: "login_attempts" | "registration_drafts" | "grades" | "transfers") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

let users: Record<Role, User>;
let staffToken: string;

beforeAll(async () => {
  users = await createRoleUsers();
  const res = await callAction(
    apiLogin,
    new Request(`${ORIGIN}/v1/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: emailFor("coordinator"), password: PASSWORD }),
    }),
  );
  expect(res.status).toBe(200);
  staffToken = ((await res.json()) as { data: { token: string } }).data.token;
  await db().deleteFrom("login_attempts").execute();
});

const TARGETS = [
  { name: "the sign-in form", route: loginRoute, url: "/authentication/login", params: {}, kind: "login", api: false },
  { name: "the API sign-in", route: apiLogin, url: "/v1/api/auth/login", params: {}, kind: "login", api: true },
  {
    name: "the registration's first step",
    route: registrationRoute,
    url: "/students-registration/personal",
    params: { step: "personal" },
    kind: "form",
    api: false,
  },
] as const;

describe("a body over its limit", () => {
  it.each(TARGETS)(
    "$name: a declared 100 MiB body is refused with 413 before one byte is read; nothing written",
    async ({ route, url, params, api }) => {
      const { req, counter } = bigPost(url, 100 * MiB, { declared: true });
      const res = await callAction(route, req, params);
      expect(res.status).toBe(413);
      expect(counter.pulled).toBe(0);
      const body = (await res.json()) as { message: string };
      // The API answers English {message}; a page, the key its 413 page translates.
      expect(body.message).toBe(api ? "The body is too large: at most 16 KiB." : "errors.bodies.tooLarge");
      expect(await count("login_attempts")).toBe(0);
      expect(await count("registration_drafts")).toBe(0);
    },
  );

  it.each(TARGETS)(
    "$name: a chunked 100 MiB body is cut off at the limit with 413; nothing written",
    async ({ route, url, params, kind }) => {
      const { req, counter } = bigPost(url, 100 * MiB, { declared: false });
      const res = await callAction(route, req, params);
      expect(res.status).toBe(413);
      // Read up to the limit (and the chunk that crossed it), not one chunk more.
      expect(counter.pulled).toBeGreaterThan(BODY_LIMITS[kind]);
      expect(counter.pulled).toBeLessThanOrEqual(BODY_LIMITS[kind] + CHUNK);
      expect(await count("login_attempts")).toBe(0);
      expect(await count("registration_drafts")).toBe(0);
    },
  );

  it("a JSON body of the API over its limit: 413 {message}, nothing created", async () => {
    const json = `{"pad":"${"x".repeat(BODY_LIMITS.api)}"}`;
    for (const declared of [true, false]) {
      const bytes = new TextEncoder().encode(json);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${staffToken}`,
        "Content-Type": "application/json",
      };
      if (declared) headers["Content-Length"] = String(bytes.byteLength);
      const body = declared ? bytes : new Blob([bytes]).stream();
      const res = await callAction(
        apiCreate,
        new Request(`${ORIGIN}/v1/api/transfer-data/create`, {
          method: "POST",
          headers,
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "The body is too large: at most 64 KiB." });
    }
    expect(await count("transfers")).toBe(0);
  });

  it("a sign-in just under its limit is still read and checked (a wrong password: 401, one attempt recorded)", async () => {
    const form = new URLSearchParams({
      email: emailFor("admin_staff"),
      password: "wrong",
      pad: "x".repeat(BODY_LIMITS.login - 200),
    });
    const text = form.toString();
    expect(text.length).toBeLessThan(BODY_LIMITS.login);
    const res = await callAction(
      loginRoute,
      new Request(`${ORIGIN}/authentication/login`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(text.length),
        },
        body: text,
      }),
    );
    expect(res.status).toBe(401);
    expect(await count("login_attempts")).toBe(1);
    await db().deleteFrom("login_attempts").execute();
  });

  it("a page's 413 keeps its own page: not turned into a toast on the form's page", () => {
    expect(failedSubmissionToast(413, "errors.bodies.tooLarge")).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// The gradebook of a 60-student class with 40 items.

describe("the largest real posts still go through", () => {
  it("a 60-student x 40-item gradebook is saved whole, twice (its worst post would not fit an ordinary form)", async () => {
    const now = new Date().toISOString();
    const course = await db()
      .insertInto("courses")
      .values(
        courseRow({
          course_id: "BIG-60",
          start_date: "2026-01-05",
          end_date: "2099-12-18",
          professor_id: users.professor.id,
          created_at: now,
          updated_at: now,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const items = await db()
      .insertInto("grading_items")
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          course_id: course.id,
          item_name: `Item ${i + 1}`,
          category: "ASSIGNMENTS" as const,
          position: i + 1,
        })),
      )
      .returning("id")
      .execute();
    const students: { id: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const n = `18${String(i).padStart(8, "0")}`;
      students.push(
        await db()
          .insertInto("students")
          .values(
            studentRow({
              first_name: `S${i}`,
              id_number: n,
              phone_number: `09${n.slice(-8)}`,
              email: `big${i}@example.com`,
              created_at: now,
              updated_at: now,
            }),
          )
          .returning("id")
          .executeTakeFirstOrThrow(),
      );
    }
    await db()
      .insertInto("enrollments")
      .values(
        students.map((s) => ({
          course_id: course.id,
          student_id: s.id,
          start_date: "2026-01-05",
          end_date: null,
          end_reason: null,
        })),
      )
      .execute();

    const cookie = await signIn(users.professor.email);
    // As the page posts it: every cell and its original (what the page showed), 2,400 of each.
    const save = async (value: string, original: string) => {
      const form = new URLSearchParams();
      for (const s of students) {
        for (const item of items) {
          form.append(originalName(s.id, item.id), original);
          form.append(cellName(s.id, item.id), value);
        }
      }
      const text = form.toString();
      expect(text.length).toBeLessThan(BODY_LIMITS.grid);
      return callAction(
        gradebookRoute,
        new Request(`${ORIGIN}/course/${course.id}/gradebook`, {
          method: "POST",
          headers: {
            Origin: ORIGIN,
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(text.length),
          },
          body: text,
        }),
        { id: String(course.id) },
      );
    };
    // The first save (empty originals), then every grade changed (the originals filled).
    expect(redirectedTo(await save("93.25", ""))).toBe(`/course/${course.id}/gradebook`);
    expect(redirectedTo(await save("87.5", "93.25"))).toBe(`/course/${course.id}/gradebook`);
    const stored = await db()
      .selectFrom("grades")
      .select("grade")
      .where(
        "grading_item_id",
        "in",
        items.map((i) => i.id),
      )
      .execute();
    expect(stored).toHaveLength(60 * 40);
    expect(new Set(stored.map((g) => Number(g.grade)))).toEqual(new Set([87.5]));

    // The worst such post (ids of 10 digits, every cell and original its 10 characters)
    // would not fit an ordinary form's limit; it fits the gradebook's.
    const worst = 60 * 40 * 2 * (cellName(1234567890, 1234567890).length + "=".length + 10 + "&".length);
    expect(worst).toBeGreaterThan(BODY_LIMITS.form);
    expect(worst).toBeLessThan(BODY_LIMITS.grid);
  });
});

// ---------------------------------------------------------------------------
// Pictures: 2 MB is taken; more is the form's field error.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.byteLength)]);

/** The profile's picture form as a browser sends it (multipart, with its length). */
async function avatarPost(cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append("intent", "avatar");
  form.append("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "me.png");
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request(`${ORIGIN}/profile`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      Cookie: cookie,
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(body.byteLength),
    },
    body,
  });
}

describe("the picture forms", () => {
  const files = async () => (await storedImages()).length;
  const imageOf = async (id: number) =>
    (await db().selectFrom("users").select("image").where("id", "=", id).executeTakeFirstOrThrow()).image;

  it("a picture of exactly 2 MB is saved", async () => {
    const cookie = await signIn(users.student.email);
    const res = await callAction(profileRoute, await avatarPost(cookie, pngOf(IMAGE_MAX_BYTES)));
    expect(redirectedTo(res)).toBe("/profile");
    expect(await imageOf(users.student.id)).toMatch(/\.png$/);
  });

  it.each([
    ["one byte over 2 MB (read, then refused)", IMAGE_MAX_BYTES + 1],
    ["5 MB (over the upload limit: not read)", 5 * MiB],
  ])("a picture of %s gets the field error with 413; nothing stored", async (_label, size) => {
    const cookie = await signIn(users.professor.email);
    const before = await files();
    const res = await callAction(profileRoute, await avatarPost(cookie, pngOf(size)));
    expect(res.status).toBe(413);
    const body = (await res.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.avatar).toEqual(["users:errors.image.tooLarge"]);
    expect(await imageOf(users.professor.id)).toBeNull();
    expect(await files()).toBe(before);
  });

  it("a chunked upload over the limit is cut off: the same field error, nothing stored", async () => {
    const cookie = await signIn(users.professor.email);
    const before = await files();
    const { req, counter } = bigPost("/profile", 100 * MiB, {
      declared: false,
      type: "multipart/form-data; boundary=----x",
      headers: { Cookie: cookie },
    });
    const res = await callAction(profileRoute, req);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { result: { error: Record<string, string[]> } }).result.error.avatar).toEqual([
      "users:errors.image.tooLarge",
    ]);
    expect(counter.pulled).toBeLessThanOrEqual(BODY_LIMITS.upload + CHUNK);
    expect(await imageOf(users.professor.id)).toBeNull();
    expect(await files()).toBe(before);
  });
});
