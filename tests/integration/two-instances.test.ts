import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type User } from "~/db/schema";
import { LOCK_AFTER_FAILURES } from "~/modules/auth/login.server";
import { type RunningServer, SERVER_BUILD, startServer, stopServer } from "../../scripts/lib/built-app";
import { useTestDatabase } from "../helpers/db";
import { PASSWORD, createUser } from "../helpers/fixtures";
import { solidPng } from "../helpers/images";
import { courseRow, studentRow } from "../helpers/rows";

// Issue 18 target 8 (ADR 038): two instances of the built server (as
// `npm start`, each on its own port) on one PostgreSQL database, no shared
// disk (each its own UPLOAD_DIR), behave as one. PostgreSQL only (the
// postgres project, TEST_DATABASE_URL), and only with a build (npm run build).

const enabled = process.env.TEST_DB === "postgres" && fs.existsSync(SERVER_BUILD);
if (enabled) useTestDatabase();

const NOW = new Date().toISOString();
const SECRET = "two-instances-secret-0123456789abcdef";

describe.skipIf(!enabled)("two instances on one PostgreSQL", () => {
  let a: RunningServer;
  let b: RunningServer;
  let admin: User;
  const dirs: string[] = [];

  beforeAll(async () => {
    admin = await createUser({ role: "admin_staff", email: "two-admin@school.example.com" });
    const start = (port: number) => {
      const dir = fs.mkdtempSync("/tmp/two-instances-");
      dirs.push(dir);
      return startServer({
        databaseUrl: process.env.DATABASE_URL!,
        port,
        env: { DEMO_DATA: "off", SESSION_SECRET: SECRET, UPLOAD_DIR: `${dir}/uploads` },
      });
    };
    [a, b] = await Promise.all([start(3116), start(3117)]);
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server) await stopServer(server);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (server: RunningServer, email: string, password: string) =>
    fetch(`${server.base}/authentication/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
      body: new URLSearchParams({ email, password, redirectTo: "" }),
    });
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("token="));
  const get = (server: RunningServer, path: string, cookie: string) =>
    fetch(`${server.base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

  it("a session made on one works on the other", async () => {
    const res = await signIn(a, admin.email, PASSWORD);
    expect(res.status).toBe(302);
    const cookie = sessionOf(res)!;
    expect(cookie).toBeTruthy();
    const onB = await get(b, "/profile", cookie);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(admin.email);
    expect((await get(b, "/profile", "token=forged")).status).toBe(302);
  });

  it("failed sign-ins count across both: the account locks after the limit, whichever instance saw them", async () => {
    const user = await createUser({ role: "financial", email: "two-lock@school.example.com" });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const res = await signIn(i % 2 ? b : a, user.email, "wrong-password-123");
      expect(res.status).not.toBe(302);
    }
    const row = await db()
      .selectFrom("users")
      .select(["failed_logins", "locked_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(LOCK_AFTER_FAILURES);
    expect(row.locked_at).not.toBeNull();
    // The right password is refused now on both.
    for (const server of [a, b]) expect((await signIn(server, user.email, PASSWORD)).status).not.toBe(302);
  });

  it("the bell on one shows a transfer created on the other", async () => {
    const course = async (code: string, level: number) =>
      (
        await db()
          .insertInto("courses")
          .values(
            courseRow({
              course_number: code,
              course_id: code,
              level_id: level,
              start_date: "2026-01-05",
              end_date: "2027-12-18",
              capacity: 30,
              created_at: NOW,
              updated_at: NOW,
            }),
          )
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const from = await course("TWO-A1", 1);
    const to = await course("TWO-A2", 2);
    const student = await db()
      .insertInto("students")
      .values(studentRow({ id_number: "0911111111", email: "two@x.test", created_at: NOW, updated_at: NOW }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("enrollments")
      .values({ student_id: student.id, course_id: from, start_date: "2026-01-05", end_date: null, end_reason: null })
      .execute();
    const cookie = sessionOf(await signIn(a, admin.email, PASSWORD))!;
    const before = (await (await get(b, "/resources/pending-transfers", cookie)).json()) as { count: number };
    const created = await fetch(`${a.base}/v1/api/transfer-data/create`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: a.base },
      body: JSON.stringify({
        student_ids: [student.id],
        from_course_id: from,
        selected_course_id: to,
        selected_level_id: 2,
      }),
    });
    expect(created.status).toBe(201);
    const after = (await (await get(b, "/resources/pending-transfers", cookie)).json()) as { count: number };
    expect(after.count).toBe(before.count + 1);
    // The bell in B's page layout (server-rendered: the page without JavaScript) names it.
    expect(await (await get(b, "/profile", cookie)).text()).toContain("TWO-A2");
  });

  it("a logo uploaded on one is served by the other, and a settings change on one shows on the other", async () => {
    const cookie = sessionOf(await signIn(a, admin.email, PASSWORD))!;
    const png = solidPng(60, 20);
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Escuela Compartida");
    form.set("time_zone", "America/Guayaquil");
    form.set("default_language", "es");
    form.set("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const saved = await fetch(`${a.base}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: a.base },
      body: form,
    });
    expect(saved.status).toBe(302);
    const logo = (await db().selectFrom("settings").select("value").where("key", "=", "logo").executeTakeFirstOrThrow())
      .value;
    // B has never seen the file (its own empty UPLOAD_DIR): it serves the logo from the database.
    const served = await fetch(`${b.base}/school-logo/${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    // The settings: B's pages show A's change at once.
    const signInPage = await (await fetch(`${b.base}/authentication/login`)).text();
    expect(signInPage).toContain("Escuela Compartida");
    expect(signInPage).toContain(`/school-logo/${logo}`);
  });

  it("an avatar uploaded on one is served by the other", async () => {
    const cookie = sessionOf(await signIn(b, admin.email, PASSWORD))!;
    const png = solidPng(32, 32, [0x10, 0x80, 0x20]);
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const saved = await fetch(`${b.base}/profile`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: b.base },
      body: form,
    });
    expect(saved.status).toBe(302);
    const name = (await db().selectFrom("users").select("image").where("id", "=", admin.id).executeTakeFirstOrThrow())
      .image!;
    const served = await get(a, `/v1/api/images/${name}`, cookie);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });
});
