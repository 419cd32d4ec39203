import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { ROLES } from "~/modules/auth/permissions";
import { SUBMISSIONS_PER_HOUR } from "~/modules/registrations/wizard.server";
import * as detailRoute from "~/routes/_app.admin.registered-students.$id";
import * as listRoute from "~/routes/_app.admin.registered-students._index";
import * as indexRoute from "~/routes/students-registration._index";
import { useTestDatabase } from "../helpers/db";
import { callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import {
  type FormValues,
  Wizard,
  addressValues,
  adultPersonal,
  countRows,
  insertRegistration,
  kidPersonal,
  messageValues,
  replyErrors,
  uniqueIdNumber,
} from "../helpers/registration";
import { courseRow, studentRow } from "../helpers/rows";

useTestDatabase();

// Per-client limits key on the proxy's address when TRUST_PROXY=1: each
// wizard below is its own client, so the file's many submissions do not
// share one bucket (the rate-limit test uses one address on purpose).
const previousTrustProxy = process.env.TRUST_PROXY;
const previousFactor = process.env.RATE_LIMIT_FACTOR;
process.env.TRUST_PROXY = "1";
delete process.env.RATE_LIMIT_FACTOR;
afterAll(() => {
  if (previousTrustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = previousTrustProxy;
  if (previousFactor !== undefined) process.env.RATE_LIMIT_FACTOR = previousFactor;
});

// Staff of every role, signed in, for the review.
let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
});

let clients = 0;
const newWizard = () => {
  clients += 1;
  return new Wizard({ "X-Forwarded-For": `10.0.${Math.floor(clients / 250)}.${clients % 250}` });
};

const E = (key: string) => `registration.errors.${key}`;
const registrations = () => countRows("registrations");

const registrationsFor = (idNumber: string) =>
  db().selectFrom("registrations").selectAll().where("id_number", "=", idNumber).execute();

describe("wizard: step order", () => {
  it("/students-registration starts at the first step", async () => {
    const response = await callLoader(indexRoute, request("/students-registration"));
    expect(redirectedTo(response)).toBe("/students-registration/personal");
  });

  it("a step opened out of order redirects to the first incomplete step", async () => {
    const w = newWizard();
    for (const step of ["address", "message", "done", "nonsense"]) {
      expect(redirectedTo(await w.get(step)), step).toBe("/students-registration/personal");
    }
    expect((await w.get("personal")).status).toBe(200);

    await w.post("personal", adultPersonal());
    expect(w.cookie).toBeDefined();
    expect(redirectedTo(await w.get("message"))).toBe("/students-registration/address");
    expect(redirectedTo(await w.get("done"))).toBe("/students-registration/address");
    expect((await w.get("personal")).status).toBe(200);
    expect((await w.get("address")).status).toBe(200);
    const index = await callLoader(indexRoute, w.request(""));
    expect(redirectedTo(index)).toBe("/students-registration/address");

    // Posting a later step is refused the same way, nothing is stored.
    const early = await w.post("message", messageValues());
    expect(redirectedTo(early)).toBe("/students-registration/address");

    await w.post("address", addressValues());
    expect(redirectedTo(await w.get("done"))).toBe("/students-registration/message");
    expect((await w.get("message")).status).toBe(200);
    expect(await registrations()).toBe(0);
  });

  it("a step becomes incomplete again when step 1 changes the age category", async () => {
    const w = newWizard();
    await w.upToMessage(adultPersonal(), addressValues({ level: "B2 First" }));
    // Now a kid: "B2 First" is not a kids' level, so the address step is incomplete.
    const back = await w.post("personal", kidPersonal());
    expect(redirectedTo(back)).toBe("/students-registration/address");
    expect(redirectedTo(await w.get("message"))).toBe("/students-registration/address");
    expect((await w.data("address")).age).toBe("kids");
  });
});

describe("wizard: bad data on each step → 400, field messages, nothing stored", () => {
  it("personal", async () => {
    const before = await registrations();
    const w = newWizard();
    const bad = adultPersonal({
      first_name: "",
      id_number: "123456789",
      phone_number: "300123456",
      email: "a..b@c.com",
      birthday: "2026-02-30",
    });
    const response = await w.post("personal", bad);
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toMatchObject({
      first_name: [E("firstName")],
      id_number: [E("idNumberMin")],
      phone_number: [E("phoneMin")],
      email: [E("emailInvalid")],
      birthday: [E("birthdayInvalid")],
    });
    expect(await registrations()).toBe(before);
    // No draft before a valid first step (issue 16 M3): the 400 answer itself
    // shows what was typed; a draft (and its cookie) comes with a valid step 1.
    expect(w.cookie).toBeUndefined();
    expect(redirectedTo(await w.get("address"))).toBe("/students-registration/personal");
    await w.post("personal", adultPersonal());
    expect(w.cookie).toMatch(/^registration=/);
    await w.post("personal", bad);
    const { defaults } = await w.data("personal");
    expect(defaults).toMatchObject({ id_number: "123456789", email: "a..b@c.com", birthday: "2026-02-30" });
    expect(redirectedTo(await w.get("address"))).toBe("/students-registration/personal");
  });

  it("personal: a kid without emergency contact, and one with the same phone", async () => {
    const w = newWizard();
    const none = await w.post(
      "personal",
      kidPersonal({
        emergency_contact_name: "",
        emergency_contact_phone: "",
        emergency_contact_relationship: "",
        email: "",
      }),
    );
    expect(none.status).toBe(400);
    expect(await replyErrors(none)).toMatchObject({
      email: [E("emailRequired")],
      emergency_contact_name: [E("emergencyName")],
      emergency_contact_phone: [E("emergencyPhone")],
      emergency_contact_relationship: [E("emergencyRelationship")],
    });
    const same = await w.post(
      "personal",
      kidPersonal({ phone_number: "3001234567", emergency_contact_phone: "300-123-4567" }),
    );
    expect(same.status).toBe(400);
    expect(await replyErrors(same)).toEqual({ emergency_contact_phone: [E("emergencyPhoneSame")] });
  });

  it("personal: an empty form and an over-long one answer 400, not 500", async () => {
    const w = newWizard();
    const empty = await w.post("personal", {});
    expect(empty.status).toBe(400);
    expect(Object.keys(await replyErrors(empty))).toEqual(
      expect.arrayContaining([
        "first_name",
        "middle_name",
        "last_name",
        "second_last_name",
        "id_number",
        "birthday",
        "phone_number",
        "email",
        "age_category",
      ]),
    );
    const long = await w.post(
      "personal",
      adultPersonal({ first_name: "x".repeat(5000), email: `${"y".repeat(300)}@example.com` }),
    );
    expect(long.status).toBe(400);
    expect(await replyErrors(long)).toMatchObject({ first_name: [E("tooLong")], email: [E("tooLong")] });
  });

  it("address", async () => {
    const before = await registrations();
    const w = newWizard();
    await w.post("personal", adultPersonal());
    const wrongLevel = await w.post(
      "address",
      addressValues({ level: "A1.1", schedule: "SUN-00-01", same_billing: "no", billing_address: "" }),
    );
    expect(wrongLevel.status).toBe(400);
    expect(await replyErrors(wrongLevel)).toMatchObject({
      level: [E("levelInvalid")],
      schedule: [E("schedule")],
      billing_address: [E("billingAddress")],
    });
    const empty = await w.post("address", {});
    expect(empty.status).toBe(400);
    expect(await replyErrors(empty)).toMatchObject({
      address: [E("address")],
      level: [E("level")],
      schedule: [E("schedule")],
      same_billing: [E("billing")],
    });
    const long = await w.post("address", addressValues({ address: "z".repeat(201) }));
    expect(long.status).toBe(400);
    expect(await replyErrors(long)).toEqual({ address: [E("tooLong")] });
    expect(redirectedTo(await w.get("message"))).toBe("/students-registration/address");
    // The draft keeps an over-long value cut to the field's maximum (issue 16 M3).
    expect((await w.data("address")).defaults).toMatchObject({ address: "z".repeat(200) });
    expect(await registrations()).toBe(before);
  });

  it("message", async () => {
    const before = await registrations();
    const w = newWizard();
    await w.upToMessage();
    const noTerms = await w.post("message", { message: "Hello" });
    expect(noTerms.status).toBe(400);
    expect(await replyErrors(noTerms)).toEqual({ accepted_terms: [E("terms")] });
    const long = await w.post("message", messageValues({ message: "m".repeat(1001) }));
    expect(long.status).toBe(400);
    expect(await replyErrors(long)).toEqual({ message: [E("tooLong")] });
    expect(await registrations()).toBe(before);
    expect(redirectedTo(await w.get("done"))).toBe("/students-registration/message");
    expect((await w.data("message")).defaults).toMatchObject({ message: "m".repeat(1000) });
  });
});

describe("wizard: Back keeps what was typed", () => {
  it("Back from each step, then Next, keeps the data of every step", async () => {
    const w = newWizard();
    const personal = kidPersonal();
    const address = addressValues({ level: "A11", same_billing: "yes", billing_address: "" });
    await w.upToMessage(personal, address);

    // Back from the message step, with a half-typed message (no terms yet).
    const back1 = await w.post("message", { message: "Half typed", intent: "back" });
    expect(redirectedTo(back1)).toBe("/students-registration/address");
    const addressPage = await w.data("address");
    expect(addressPage.defaults).toMatchObject(address);
    expect(addressPage.age).toBe("kids");

    // Back from the address step, with a change that is not even valid yet.
    const back2 = await w.post("address", { ...address, level: "", intent: "back" });
    expect(redirectedTo(back2)).toBe("/students-registration/personal");
    expect((await w.data("personal")).defaults).toMatchObject(personal);
    expect((await w.data("address")).defaults).toMatchObject({ ...address, level: "" });

    // Next again: personal is kept, address needs its level back.
    expect(redirectedTo(await w.post("personal", { ...personal, intent: "next" }))).toBe(
      "/students-registration/address",
    );
    expect(redirectedTo(await w.post("address", { ...address, intent: "next" }))).toBe(
      "/students-registration/message",
    );
    expect((await w.data("message")).defaults).toMatchObject({ message: "Half typed" });
    expect(await registrationsFor(personal.id_number)).toHaveLength(0);

    expect(redirectedTo(await w.post("message", messageValues({ intent: "next" })))).toBe(
      "/students-registration/done",
    );
    const [row] = await registrationsFor(personal.id_number);
    expect(row).toMatchObject({ age_category: "kids", level_id: 8, same_billing: 1, billing_address: null });
  });
});

describe("wizard: a good run", () => {
  it("stores exactly one pending registration with the entered data and shows Done with its reference", async () => {
    const before = await registrations();
    const w = newWizard();
    const personal = await w.upToMessage(adultPersonal(), addressValues({ level: "B2 First" }));
    const done = await w.post("message", messageValues());
    expect(redirectedTo(done)).toBe("/students-registration/done");
    expect(await registrations()).toBe(before + 1);

    const rows = await registrationsFor(personal.id_number);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      status: "pending",
      first_name: "Ana",
      middle_name: "María",
      last_name: "Pérez",
      second_last_name: "Gómez",
      birthday: "1990-05-17",
      phone_number: "3001234567",
      email: "ana.perez@example.com",
      age_category: "adults",
      emergency_contact_name: null,
      emergency_contact_phone: null,
      emergency_contact_relationship: null,
      address: "Calle 10 # 20-30",
      level_id: 6,
      schedule: "TUE-THU-17-19",
      same_billing: 0,
      billing_address: "Carrera 7 # 8-9",
      where_hear_about_us: "friend",
      promotion: "2x1",
      message: "See you soon",
      accepted_terms: 1,
      student_id: null,
      reject_reason: null,
    });
    expect(row.reference).toMatch(/^REG-\d{4}-[A-Z0-9]{8}$/);

    const page = await w.data("done");
    expect(page.reference).toBe(row.reference);
    // Every other step now leads to Done.
    for (const step of ["personal", "address", "message"]) {
      expect(redirectedTo(await w.get(step))).toBe("/students-registration/done");
    }
  });

  it("as a browser posts it: empty optional fields, the honeypot and the button's intent", async () => {
    // A browser sends every field of the form, the untouched optional ones empty.
    const w = newWizard();
    const personal = adultPersonal({
      emergency_contact_name: "",
      emergency_contact_phone: "",
      emergency_contact_relationship: "",
      website: "",
      intent: "next",
    });
    expect(redirectedTo(await w.post("personal", personal))).toBe("/students-registration/address");
    const address = addressValues({
      same_billing: "yes",
      billing_address: "",
      where_hear_about_us: "",
      promotion: "",
      website: "",
      intent: "next",
    });
    expect(redirectedTo(await w.post("address", address))).toBe("/students-registration/message");
    expect((await w.get("message")).status).toBe(200);
    expect(
      redirectedTo(await w.post("message", { message: "", accepted_terms: "on", website: "", intent: "next" })),
    ).toBe("/students-registration/done");
    expect((await w.get("done")).status).toBe(200);
    const rows = await registrationsFor(personal.id_number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      where_hear_about_us: null,
      promotion: null,
      billing_address: null,
      message: null,
      same_billing: 1,
    });
  });

  it("a kid: emergency contact stored, level by short name", async () => {
    const w = newWizard();
    const personal = await w.upToMessage(kidPersonal(), addressValues({ level: "a21", same_billing: "yes" }));
    expect(redirectedTo(await w.post("message", messageValues({ message: "" })))).toBe("/students-registration/done");
    const rows = await registrationsFor(personal.id_number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      age_category: "kids",
      level_id: 13,
      emergency_contact_name: "Marta Gómez",
      emergency_contact_phone: "3109876543",
      emergency_contact_relationship: "Mother",
      same_billing: 1,
      billing_address: null,
      message: null,
    });
  });

  it("'Register another student' forgets the finished draft", async () => {
    const w = newWizard();
    await w.upToMessage();
    await w.post("message", messageValues());
    const another = await w.post("done", {});
    expect(redirectedTo(another)).toBe("/students-registration/personal");
    expect(w.cookie).toBeUndefined();
    expect((await w.data("personal")).defaults).toEqual({});
  });
});

describe("wizard: one submission, one registration", () => {
  it("posting the last step twice in a row", async () => {
    const w = newWizard();
    const personal = await w.upToMessage();
    const first = await w.post("message", messageValues());
    const second = await w.post("message", messageValues());
    expect(redirectedTo(first)).toBe("/students-registration/done");
    expect(redirectedTo(second)).toBe("/students-registration/done");
    expect(await registrationsFor(personal.id_number)).toHaveLength(1);
  });

  it("posting the last step twice at once (a double click)", async () => {
    for (let round = 0; round < 3; round++) {
      const w = newWizard();
      const personal = await w.upToMessage();
      const answers = await Promise.all([w.post("message", messageValues()), w.post("message", messageValues())]);
      expect(answers.map((a) => [a.status, redirectedTo(a)])).toEqual([
        [302, "/students-registration/done"],
        [302, "/students-registration/done"],
      ]);
      const rows = await registrationsFor(personal.id_number);
      expect(rows).toHaveLength(1);
      expect((await w.data("done")).reference).toBe(rows[0].reference);
    }
  });

  it("three at once", async () => {
    const w = newWizard();
    const personal = await w.upToMessage();
    const answers = await Promise.all([1, 2, 3].map(() => w.post("message", messageValues())));
    for (const a of answers)
      expect([a.status, redirectedTo(a), a.status === 302 ? "" : await a.text()]).toEqual([
        302,
        "/students-registration/done",
        "",
      ]);
    expect(await registrationsFor(personal.id_number)).toHaveLength(1);
  });
});

describe("wizard: an id_number already registered", () => {
  async function takenOnPersonal(idNumber: string) {
    const before = await registrations();
    const w = newWizard();
    const response = await w.post("personal", adultPersonal({ id_number: idNumber }));
    expect(response.status).toBe(409);
    expect(await replyErrors(response)).toEqual({ id_number: [E("idNumberTaken")] });
    expect(await registrations()).toBe(before);
    expect(redirectedTo(await w.get("address"))).toBe("/students-registration/personal");
  }

  it("with a pending registration → 409 idNumberTaken on step 1", async () => {
    const existing = await insertRegistration({ status: "pending" });
    await takenOnPersonal(existing.id_number);
  });

  it("with an active student → 409 idNumberTaken on step 1", async () => {
    const idNumber = uniqueIdNumber();
    await insertStudent(idNumber, "active");
    await takenOnPersonal(idNumber);
  });

  it("registered by someone else while this draft was on its way → 409 on the last step, no new row", async () => {
    const w = newWizard();
    const personal = await w.upToMessage();
    await insertRegistration({ id_number: personal.id_number, status: "pending" });
    const response = await w.post("message", messageValues());
    expect(response.status).toBe(409);
    expect(await replyErrors(response)).toEqual({ "": [E("idNumberTaken")] });
    expect(await registrationsFor(personal.id_number)).toHaveLength(1);
  });

  it("a rejected registration does not block a new one", async () => {
    const old = await insertRegistration({ status: "rejected", reject_reason: "Incomplete" });
    const w = newWizard();
    await w.upToMessage(adultPersonal({ id_number: old.id_number }));
    expect(redirectedTo(await w.post("message", messageValues()))).toBe("/students-registration/done");
    const rows = await registrationsFor(old.id_number);
    expect(rows.map((r) => r.status).sort()).toEqual(["pending", "rejected"]);
  });
});

describe("wizard: spam and abuse", () => {
  it("the honeypot on step 1: 400, no draft, nothing stored", async () => {
    const before = await registrations();
    const drafts = await countRows("registration_drafts");
    const w = newWizard();
    const response = await w.post("personal", { ...adultPersonal(), website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(await registrations()).toBe(before);
    expect(await countRows("registration_drafts")).toBe(drafts);
    expect(redirectedTo(await w.get("address"))).toBe("/students-registration/personal");
  });

  it("the honeypot on the last step: 400, no registration", async () => {
    const w = newWizard();
    const personal = await w.upToMessage();
    const response = await w.post("message", { ...messageValues(), website: "spam" });
    expect(response.status).toBe(400);
    expect(await registrationsFor(personal.id_number)).toHaveLength(0);
    expect(redirectedTo(await w.get("done"))).toBe("/students-registration/message");
  });

  it(`after ${SUBMISSIONS_PER_HOUR} submissions in an hour from one client the next gets 429`, async () => {
    const ip = "192.0.2.77";
    const now = new Date().toISOString();
    const earlier = [];
    for (let i = 0; i < SUBMISSIONS_PER_HOUR - 1; i++)
      earlier.push(await insertRegistration({ client: ip, created_at: now }));

    // The last one still allowed, through the wizard.
    const allowed = new Wizard({ "X-Forwarded-For": ip });
    await allowed.upToMessage();
    expect(redirectedTo(await allowed.post("message", messageValues()))).toBe("/students-registration/done");

    // The next from the same client: 429, nothing stored.
    const refused = new Wizard({ "X-Forwarded-For": ip });
    const personal = await refused.upToMessage();
    const before = await registrations();
    const response = await refused.post("message", messageValues());
    expect(response.status).toBe(429);
    expect(await replyErrors(response)).toEqual({ "": [E("rateLimited")] });
    expect(await registrations()).toBe(before);
    expect(await registrationsFor(personal.id_number)).toHaveLength(0);

    // Another client is not affected.
    const other = newWizard();
    await other.upToMessage();
    expect(redirectedTo(await other.post("message", messageValues()))).toBe("/students-registration/done");

    // Submissions older than an hour no longer count: the refused one goes through.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await db()
      .updateTable("registrations")
      .set({ created_at: twoHoursAgo })
      .where(
        "id",
        "in",
        earlier.map((r) => r.id),
      )
      .execute();
    expect(redirectedTo(await refused.post("message", messageValues()))).toBe("/students-registration/done");
    expect(await registrationsFor(personal.id_number)).toHaveLength(1);
  });

  it("a cross-site POST → 403, nothing stored", async () => {
    const w = newWizard();
    const drafts = await countRows("registration_drafts");
    const refused = await w.post("personal", adultPersonal(), { Origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(w.cookie).toBeUndefined();
    expect(await countRows("registration_drafts")).toBe(drafts);

    const personal = await w.upToMessage();
    const before = await registrations();
    const last = await w.post("message", messageValues(), { Origin: "https://evil.example" });
    expect(last.status).toBe(403);
    const fetchSite = await w.post("message", messageValues(), { "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect(await registrations()).toBe(before);
    expect(await registrationsFor(personal.id_number)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------
// The registered-students review

async function insertStudent(idNumber: string, status: "active" | "inactive") {
  const now = new Date().toISOString();
  return db()
    .insertInto("students")
    .values(
      studentRow({
        first_name: "Sam",
        middle_name: "J",
        last_name: "Stone",
        second_last_name: "Rivers",
        id_number: idNumber,
        birthday: "1990-01-01",
        phone_number: "3000000000",
        email: `${idNumber.toLowerCase()}@example.com`,
        address: "Somewhere",
        schedule: "SAT-09-13",
        status,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function insertCourse(fields: {
  level_id: number;
  age_category: "kids" | "adults";
  capacity: number;
  course_id: string;
  end_date?: string;
  status?: string;
}) {
  const now = new Date().toISOString();
  return db()
    .insertInto("courses")
    .values(
      courseRow({
        course_number: fields.course_id,
        course_id: fields.course_id,
        level_id: fields.level_id,
        age_category: fields.age_category,
        type: "regular",
        start_time: "19:00",
        end_time: "21:00",
        start_date: "2020-01-01",
        end_date: fields.end_date ?? "2099-12-31",
        capacity: fields.capacity,
        status: (fields.status ?? "active") as "active" | "inactive",
        created_at: now,
        updated_at: now,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("registered students: the list", () => {
  const tag = `Zq${Date.now().toString(36)}`;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // A private family name so other tests' rows stay out of these lists.
    const rows = [
      {
        key: "p1",
        status: "pending",
        age_category: "adults",
        created_at: "2025-01-10T10:00:00.000Z",
        first_name: "Alba",
        email: "alba.one@example.com",
        level_id: 3,
      },
      {
        key: "p2",
        status: "pending",
        age_category: "kids",
        created_at: "2025-02-15T10:00:00.000Z",
        first_name: "Bruno",
        email: "bruno@example.com",
        level_id: 8,
      },
      {
        key: "a1",
        status: "approved",
        age_category: "adults",
        created_at: "2025-03-20T10:00:00.000Z",
        first_name: "Celia",
        email: "celia@example.com",
        level_id: 3,
      },
      {
        key: "r1",
        status: "rejected",
        age_category: "kids",
        created_at: "2025-04-25T10:00:00.000Z",
        first_name: "Dario",
        email: "dario@mail.example.org",
        level_id: 9,
      },
      {
        key: "p3",
        status: "pending",
        age_category: "adults",
        created_at: "2025-05-30T23:30:00.000Z",
        first_name: "Elena",
        email: "elena@example.com",
        level_id: 1,
      },
    ] as const;
    for (const { key, ...fields } of rows) {
      const row = await insertRegistration({
        ...fields,
        last_name: tag,
        id_number: `${key.toUpperCase()}${tag}`.slice(0, 13),
      });
      ids[key] = row.id;
    }
  });

  const list = async (query: string, role: Role = "admin_staff") => {
    const response = await callLoader(
      listRoute,
      request(`/admin/registered-students?${query}`, { cookie: cookies[role] }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as {
      rows: { id: number; status: string; level: string }[];
      total: number;
      page: number;
      limit: number;
    };
  };
  const keysOf = (rows: { id: number }[]) =>
    rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? `other:${r.id}`);

  it("admin, receptionist and financial see it, newest first", async () => {
    for (const role of ["admin_staff", "receptionist", "financial"] as const) {
      const page = await list(`q=${tag}`, role);
      expect(keysOf(page.rows)).toEqual(["p3", "r1", "a1", "p2", "p1"]);
      expect(page.total).toBe(5);
    }
  });

  it("coordinator gets 403, professor goes to /teachers, anonymous to the sign-in", async () => {
    const coordinator = await callLoader(
      listRoute,
      request("/admin/registered-students", { cookie: cookies.coordinator }),
    );
    expect(coordinator.status).toBe(403);
    const professor = await callLoader(listRoute, request("/admin/registered-students", { cookie: cookies.professor }));
    expect(redirectedTo(professor)).toBe("/teachers");
    const anonymous = await callLoader(listRoute, request("/admin/registered-students"));
    expect(redirectedTo(anonymous)).toMatch(/^\/authentication\/login/);
    const detail = await callLoader(
      detailRoute,
      request(`/admin/registered-students/${ids.p1}`, { cookie: cookies.coordinator }),
      { id: String(ids.p1) },
    );
    expect(detail.status).toBe(403);
  });

  it("filters by status", async () => {
    expect(keysOf((await list(`q=${tag}&status=pending`)).rows)).toEqual(["p3", "p2", "p1"]);
    expect(keysOf((await list(`q=${tag}&status=approved`)).rows)).toEqual(["a1"]);
    expect(keysOf((await list(`q=${tag}&status=rejected`)).rows)).toEqual(["r1"]);
    // An unknown status is ignored, not an error.
    expect((await list(`q=${tag}&status=bogus`)).total).toBe(5);
  });

  it("filters by age category and level", async () => {
    expect(keysOf((await list(`q=${tag}&age=kids`)).rows)).toEqual(["r1", "p2"]);
    expect(keysOf((await list(`q=${tag}&age=adults&status=pending`)).rows)).toEqual(["p3", "p1"]);
    expect(keysOf((await list(`q=${tag}&level=3`)).rows)).toEqual(["a1", "p1"]);
  });

  it("searches by name, ID number or email, case-insensitively", async () => {
    expect(keysOf((await list(`q=${tag.toUpperCase()}`)).rows)).toHaveLength(5);
    expect(keysOf((await list(`q=${tag}&status=pending`)).rows)).toContain("p2");
    const byFirstName = await list(`q=bruno`);
    expect(keysOf(byFirstName.rows)).toContain("p2");
    expect(keysOf((await list(`q=${encodeURIComponent(`R1${tag}`.slice(0, 13))}`)).rows)).toEqual(["r1"]);
    expect(keysOf((await list(`q=${encodeURIComponent(`r1${tag}`.slice(0, 13).toLowerCase())}`)).rows)).toEqual(["r1"]);
    expect(keysOf((await list(`q=mail.example.org`)).rows)).toEqual(["r1"]);
    expect(keysOf((await list(`q=ALBA.ONE@`)).rows)).toEqual(["p1"]);
    expect((await list(`q=nobody-${tag}`)).total).toBe(0);
    // LIKE wildcards are literal.
    expect((await list(`q=${encodeURIComponent("%")}${tag}`)).total).toBe(0);
  });

  it("filters by date range (inclusive days)", async () => {
    expect(keysOf((await list(`q=${tag}&from=2025-02-15&to=2025-04-25`)).rows)).toEqual(["r1", "a1", "p2"]);
    expect(keysOf((await list(`q=${tag}&from=2025-05-30`)).rows)).toEqual(["p3"]);
    expect(keysOf((await list(`q=${tag}&to=2025-01-10`)).rows)).toEqual(["p1"]);
    // A malformed date is ignored.
    expect((await list(`q=${tag}&from=2025-13-45`)).total).toBe(5);
  });

  it("pages with page and limit", async () => {
    const first = await list(`q=${tag}&limit=2`);
    expect(keysOf(first.rows)).toEqual(["p3", "r1"]);
    expect(first.total).toBe(5);
    expect(first.limit).toBe(2);
    expect(keysOf((await list(`q=${tag}&limit=2&page=2`)).rows)).toEqual(["a1", "p2"]);
    expect(keysOf((await list(`q=${tag}&limit=2&page=3`)).rows)).toEqual(["p1"]);
    expect((await list(`q=${tag}&limit=2&page=4`)).rows).toEqual([]);
    expect((await list(`q=${tag}&limit=abc&page=-1`)).page).toBe(1);
  });

  it("the detail page: financial reads it without deciding, the receptionist may decide", async () => {
    const detail = async (role: Role) => {
      const response = await callLoader(
        detailRoute,
        request(`/admin/registered-students/${ids.p1}`, { cookie: cookies[role] }),
        { id: String(ids.p1) },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { registration: { id: number; first_name: string }; canDecide: boolean };
    };
    expect(await detail("financial")).toMatchObject({
      registration: { id: ids.p1, first_name: "Alba" },
      canDecide: false,
    });
    expect(await detail("receptionist")).toMatchObject({ canDecide: true });
    expect(await detail("admin_staff")).toMatchObject({ canDecide: true });
    const missing = await callLoader(
      detailRoute,
      request("/admin/registered-students/999999", { cookie: cookies.admin_staff }),
      { id: "999999" },
    );
    expect(missing.status).toBe(404);
  });
});

describe("registered students: approve and reject", () => {
  const decide = (role: Role | null, id: number, form: FormValues, headers: Record<string, string> = {}) =>
    callAction(
      detailRoute,
      request(`/admin/registered-students/${id}`, { form, cookie: role ? cookies[role] : undefined, headers }),
      { id: String(id) },
    );
  const registration = (id: number) =>
    db().selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const auditRows = (id: number) =>
    db().selectFrom("audit_log").selectAll().where("entity", "=", "registration").where("entity_id", "=", id).execute();
  const studentsFor = (idNumber: string) =>
    db().selectFrom("students").selectAll().where("id_number", "=", idNumber).execute();

  it("approve as admin: exactly one active student with the registration's data, and an audit line", async () => {
    const r = await insertRegistration({
      age_category: "kids",
      level_id: 12,
      schedule: "SAT-09-13",
      emergency_contact_name: "Luis",
      emergency_contact_phone: "3112223344",
      emergency_contact_relationship: "Father",
      same_billing: 0,
      billing_address: "Billing street 1",
      where_hear_about_us: "flyer",
      promotion: "Navidad",
      message: "Thanks",
    });
    const response = await decide("admin_staff", r.id, { intent: "approve" });
    expect(redirectedTo(response)).toBe(`/admin/registered-students/${r.id}`);

    const students = await studentsFor(r.id_number);
    expect(students).toHaveLength(1);
    const s = students[0];
    expect(s).toMatchObject({
      status: "active",
      registration_id: r.id,
      first_name: r.first_name,
      middle_name: r.middle_name,
      last_name: r.last_name,
      second_last_name: r.second_last_name,
      birthday: r.birthday,
      phone_number: r.phone_number,
      email: r.email,
      address: r.address,
      age_category: "kids",
      level_id: 12,
      schedule: "SAT-09-13",
      emergency_contact_name: "Luis",
      emergency_contact_phone: "3112223344",
      emergency_contact_relationship: "Father",
      same_billing: 0,
      billing_address: "Billing street 1",
      where_hear_about_us: "flyer",
      promotion: "Navidad",
    });
    const after = await registration(r.id);
    expect(after).toMatchObject({ status: "approved", student_id: s.id, decided_by: users.admin_staff.id });
    expect(after.decided_at).toBeTruthy();
    const audits = await auditRows(r.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "registration.approved", user_id: users.admin_staff.id });
    expect(await countRows("enrollments", { column: "student_id", value: s.id })).toBe(0);

    // The detail page no longer offers the decision.
    const page = await callLoader(
      detailRoute,
      request(`/admin/registered-students/${r.id}`, { cookie: cookies.admin_staff }),
      { id: String(r.id) },
    );
    expect(await page.json()).toMatchObject({ canDecide: false, registration: { status: "approved" } });
  });

  it("approving again → 409 and nothing changes", async () => {
    const r = await insertRegistration();
    expect(redirectedTo(await decide("receptionist", r.id, { intent: "approve" }))).toBeTruthy();
    const before = await registration(r.id);
    const students = await countRows("students");
    const again = await decide("admin_staff", r.id, { intent: "approve" });
    expect(again.status).toBe(409);
    expect(await replyErrors(again)).toEqual({ "": ["registrations.errors.notPending"] });
    expect(await registration(r.id)).toEqual(before);
    expect(await countRows("students")).toBe(students);
    expect(await auditRows(r.id)).toHaveLength(1);
    // Rejecting it now changes nothing either.
    expect((await decide("admin_staff", r.id, { intent: "reject", reason: "Too late" })).status).toBe(409);
    expect(await registration(r.id)).toEqual(before);
  });

  it("two approvals at once make one student", async () => {
    const r = await insertRegistration();
    const answers = await Promise.all([
      decide("admin_staff", r.id, { intent: "approve" }),
      decide("receptionist", r.id, { intent: "approve" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(await studentsFor(r.id_number)).toHaveLength(1);
    expect(await auditRows(r.id)).toHaveLength(1);
  });

  it("approving a rejected registration → 409, no student", async () => {
    const r = await insertRegistration({ status: "rejected", reject_reason: "Duplicate" });
    const response = await decide("admin_staff", r.id, { intent: "approve" });
    expect(response.status).toBe(409);
    expect(await registration(r.id)).toMatchObject({
      status: "rejected",
      reject_reason: "Duplicate",
      student_id: null,
    });
    expect(await studentsFor(r.id_number)).toHaveLength(0);
    expect(await auditRows(r.id)).toHaveLength(0);
  });

  it("a student with that ID number already exists → 409, the registration stays pending", async () => {
    const r = await insertRegistration();
    await insertStudent(r.id_number, "inactive");
    const response = await decide("admin_staff", r.id, { intent: "approve" });
    expect(response.status).toBe(409);
    expect(await replyErrors(response)).toEqual({ "": ["registrations.errors.studentExists"] });
    expect(await registration(r.id)).toMatchObject({ status: "pending", student_id: null, decided_by: null });
    expect(await studentsFor(r.id_number)).toHaveLength(1);
    expect(await auditRows(r.id)).toHaveLength(0);
  });

  it("approve and enroll; a full course → 400 and nothing is created", async () => {
    const course = await insertCourse({
      level_id: 2,
      age_category: "adults",
      capacity: 1,
      course_id: `T-A2-${Date.now()}`,
    });
    const first = await insertRegistration({ level_id: 2 });
    expect(
      redirectedTo(await decide("admin_staff", first.id, { intent: "approve", course_id: String(course.id) })),
    ).toBe(`/admin/registered-students/${first.id}`);
    const [student] = await studentsFor(first.id_number);
    const enrollments = await db().selectFrom("enrollments").selectAll().where("student_id", "=", student.id).execute();
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0]).toMatchObject({ course_id: course.id, end_date: null });

    // The detail of another pending registration lists the course, now full.
    const second = await insertRegistration({ level_id: 2 });
    const page = await callLoader(
      detailRoute,
      request(`/admin/registered-students/${second.id}`, { cookie: cookies.admin_staff }),
      { id: String(second.id) },
    );
    const data = (await page.json()) as { courses: { id: number; enrolled: number; capacity: number }[] };
    expect(data.courses).toEqual([expect.objectContaining({ id: course.id, enrolled: 1, capacity: 1 })]);

    const students = await countRows("students");
    const full = await decide("admin_staff", second.id, { intent: "approve", course_id: String(course.id) });
    expect(full.status).toBe(400);
    expect(await replyErrors(full)).toEqual({ course_id: ["registrations.errors.courseFull"] });
    expect(await registration(second.id)).toMatchObject({ status: "pending", student_id: null });
    expect(await countRows("students")).toBe(students);
    expect(await countRows("enrollments", { column: "course_id", value: course.id })).toBe(1);
    expect(await auditRows(second.id)).toHaveLength(0);

    // A course of another level → 400; without a course the approval goes through.
    const other = await insertCourse({
      level_id: 5,
      age_category: "adults",
      capacity: 10,
      course_id: `T-B2U-${Date.now()}`,
    });
    const wrong = await decide("admin_staff", second.id, { intent: "approve", course_id: String(other.id) });
    expect(wrong.status).toBe(400);
    expect(await replyErrors(wrong)).toEqual({ course_id: ["registrations.errors.courseInvalid"] });
    expect(await registration(second.id)).toMatchObject({ status: "pending" });
    expect(redirectedTo(await decide("admin_staff", second.id, { intent: "approve", course_id: "" }))).toBeTruthy();
    expect(await registration(second.id)).toMatchObject({ status: "approved" });
  });

  it("reject without a reason → 400; with one → rejected, reason kept, audited", async () => {
    const r = await insertRegistration();
    for (const reason of [undefined, "", "   "]) {
      const form: FormValues = { intent: "reject" };
      if (reason !== undefined) form.reason = reason;
      const response = await decide("receptionist", r.id, form);
      expect(response.status).toBe(400);
      expect(await replyErrors(response)).toEqual({ reason: ["registrations.errors.reasonRequired"] });
    }
    expect(await registration(r.id)).toMatchObject({ status: "pending", reject_reason: null });

    const response = await decide("receptionist", r.id, {
      intent: "reject",
      reason: "  Duplicate of another registration  ",
    });
    expect(redirectedTo(response)).toBe(`/admin/registered-students/${r.id}`);
    expect(await registration(r.id)).toMatchObject({
      status: "rejected",
      reject_reason: "Duplicate of another registration",
      decided_by: users.receptionist.id,
      student_id: null,
    });
    expect(await studentsFor(r.id_number)).toHaveLength(0);
    const audits = await auditRows(r.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "registration.rejected", user_id: users.receptionist.id });
    expect((await decide("admin_staff", r.id, { intent: "approve" })).status).toBe(409);
  });

  it("financial, coordinator and professor cannot decide; cross-site is refused", async () => {
    const r = await insertRegistration();
    expect((await decide("financial", r.id, { intent: "approve" })).status).toBe(403);
    expect((await decide("financial", r.id, { intent: "reject", reason: "No" })).status).toBe(403);
    expect((await decide("coordinator", r.id, { intent: "approve" })).status).toBe(403);
    expect(redirectedTo(await decide("professor", r.id, { intent: "approve" }))).toBe("/teachers");
    expect(redirectedTo(await decide(null, r.id, { intent: "approve" }))).toMatch(/^\/authentication\/login/);
    expect((await decide("admin_staff", r.id, { intent: "approve" }, { Origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect(await registration(r.id)).toMatchObject({ status: "pending", student_id: null, decided_by: null });
    expect(await studentsFor(r.id_number)).toHaveLength(0);
    expect(await auditRows(r.id)).toHaveLength(0);
  });

  it("an unknown intent → 400; an unknown registration → 404", async () => {
    const r = await insertRegistration();
    expect((await decide("admin_staff", r.id, { intent: "delete" })).status).toBe(400);
    expect((await decide("admin_staff", 999999, { intent: "approve" })).status).toBe(404);
    expect(await registration(r.id)).toMatchObject({ status: "pending" });
  });

  it("a registration from the wizard, approved, appears as an active student", async () => {
    const w = newWizard();
    const personal = await w.upToMessage(kidPersonal(), addressValues({ level: "B1.2", same_billing: "yes" }));
    await w.post("message", messageValues());
    const [r] = await registrationsFor(personal.id_number);
    expect(redirectedTo(await decide("receptionist", r.id, { intent: "approve" }))).toBeTruthy();
    const [student] = await studentsFor(personal.id_number);
    expect(student).toMatchObject({
      status: "active",
      level_id: 11,
      schedule: "TUE-THU-17-19",
      age_category: "kids",
      email: "ana.perez@example.com",
    });
    // …and the ID number can no longer start a new registration.
    const again = newWizard();
    const response = await again.post("personal", adultPersonal({ id_number: personal.id_number }));
    expect(response.status).toBe(409);
  });
});
