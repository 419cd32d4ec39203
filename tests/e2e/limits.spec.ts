import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type RunningServer, startServer, stopServer } from "../../scripts/lib/built-app";
import { PASSWORD } from "./helpers";

// Issue 16 M2: one client must not be able to shut everyone else out. The
// built server (as `npm start`, no TRUST_PROXY, the real limits: no
// RATE_LIMIT_FACTOR) runs on 127.0.0.1; one client floods from the loopback
// address 127.0.0.2, another signs in and registers from 127.0.0.3. The
// server tells them apart by the socket's address alone (ADR 025, ADR 028).

const PORT = 3131;
const FLOODER = "127.0.0.2";
const NEIGHBOUR = "127.0.0.3";

interface Answer {
  status: number;
  location: string | null;
  cookies: string[];
}

/** One POST of a form from `localAddress`, as a browser without JavaScript sends it. */
function post(localAddress: string, pathname: string, form: Record<string, string>, cookie?: string): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        localAddress,
        method: "POST",
        path: pathname,
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: `http://127.0.0.1:${PORT}`,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            cookies: res.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const signIn = (from: string, email: string, password: string) =>
  post(from, "/authentication/login", { email, password });

let idCounter = 0;
/** The three steps of the public registration wizard, the draft cookie carried along; the last step's answer. */
async function register(from: string): Promise<Answer> {
  idCounter += 1;
  const personal = await post(from, "/students-registration/personal", {
    first_name: "Ana",
    middle_name: "María",
    last_name: "Pérez",
    second_last_name: "Gómez",
    id_number: `L${String(Date.now()).slice(-7)}${String(idCounter).padStart(4, "0")}`,
    birthday: "1990-05-17",
    phone_number: "300 123-4567",
    email: "ana.perez@example.com",
    age_category: "adults",
  });
  expect(personal.location, `personal step from ${from}`).toBe("/students-registration/address");
  const cookie = personal.cookies.map((c) => c.split(";")[0]).find((c) => c.startsWith("registration="));
  expect(cookie).toBeDefined();
  const address = await post(
    from,
    "/students-registration/address",
    {
      address: "Calle 10 # 20-30",
      level: "B2 First",
      schedule: "TUE-THU-17-19",
      same_billing: "yes",
      where_hear_about_us: "friend",
      promotion: "2x1",
    },
    cookie,
  );
  expect(address.location, `address step from ${from}`).toBe("/students-registration/message");
  return post(from, "/students-registration/message", { message: "See you soon", accepted_terms: "on" }, cookie);
}

test("a flood from one address limits that address only: another still signs in and registers", async ({}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "network-level test: no browser involved");
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "limits-e2e-"));
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      databaseUrl: `file:${path.join(dir, "school.db")}`,
      port: PORT,
      env: {
        DEMO_DATA: "on",
        SESSION_SECRET: "limits-e2e-secret-0123456789abcdef",
        UPLOAD_DIR: path.join(dir, "uploads"),
      },
    });

    // 60 wrong passwords from 127.0.0.2, over four demo accounts (not the admin) and six unknown emails.
    const targets = [
      "coordinator@school.test",
      "finance@school.test",
      "professor2@school.test",
      "professor3@school.test",
      ...Array.from({ length: 6 }, (_, i) => `nobody${i}@school.test`),
    ];
    const flood: number[] = [];
    for (let i = 0; i < 60; i++)
      flood.push((await signIn(FLOODER, targets[i % targets.length], `wrong-password-${i}`)).status);
    expect(flood.slice(0, 50).filter((s) => s === 429)).toEqual([]);
    expect(flood.slice(50)).toEqual(Array(10).fill(429));
    // The flooder is refused even with the admin's right password...
    expect((await signIn(FLOODER, "admin@school.test", PASSWORD)).status).toBe(429);

    // ...while from 127.0.0.3 a third account and the admin sign in.
    for (const [email, home] of [
      ["reception@school.test", "/dashboard"],
      ["admin@school.test", "/dashboard"],
    ]) {
      const answer = await signIn(NEIGHBOUR, email, PASSWORD);
      expect(answer.status, email).toBe(302);
      expect(answer.location, email).toBe(home);
      expect(answer.cookies.some((c) => c.startsWith("token="))).toBe(true);
    }

    // Ten registrations from 127.0.0.2 are taken, the eleventh is refused...
    for (let i = 0; i < 10; i++)
      expect((await register(FLOODER)).location, `registration ${i + 1}`).toBe("/students-registration/done");
    expect((await register(FLOODER)).status).toBe(429);
    // ...and 127.0.0.3 still registers.
    expect((await register(NEIGHBOUR)).location).toBe("/students-registration/done");
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
