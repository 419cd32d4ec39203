import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, sql } from "~/db/kysely.server";
import { DRAFT_FIELDS } from "~/modules/registrations/schema";
import { DRAFTS_PER_CLIENT } from "~/modules/registrations/wizard.server";
import {
  DRAFT_HOURS,
  FINISHED_DRAFT_DAYS,
  LOGIN_ATTEMPT_HOURS,
  pruneDrafts,
  pruneLoginAttempts,
} from "~/modules/shared/prune.server";
import * as loginRoute from "~/routes/authentication.login";
import { testDialect, useTestDatabase } from "../helpers/db";
import { PASSWORD, callAction, createUser, redirectedTo, request } from "../helpers/fixtures";
import {
  type FormValues,
  Wizard,
  addressValues,
  adultPersonal,
  countRows,
  insertRegistration,
  messageValues,
  replyErrors,
  uniqueIdNumber,
} from "../helpers/registration";

// Issue 16 M3: anonymous registration drafts are bounded — only the wizard's
// fields, each at its own maximum, only for a valid first step, a limited
// number per client, expiring after a day; old sign-in attempts are pruned.

useTestDatabase();

// Each wizard is its own client through X-Forwarded-For (TRUST_PROXY=1), and
// the limits are the real ones.
const previousTrustProxy = process.env.TRUST_PROXY;
const previousFactor = process.env.RATE_LIMIT_FACTOR;
process.env.TRUST_PROXY = "1";
delete process.env.RATE_LIMIT_FACTOR;
afterAll(() => {
  if (previousTrustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = previousTrustProxy;
  if (previousFactor !== undefined) process.env.RATE_LIMIT_FACTOR = previousFactor;
});

let clients = 0;
const newClient = () => {
  clients += 1;
  return `10.${Math.floor(clients / 62500) % 250}.${Math.floor(clients / 250) % 250}.${clients % 250}`;
};
const newWizard = (client = newClient()) => new Wizard({ "X-Forwarded-For": client });

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function draftRows(client?: string) {
  let q = db().selectFrom("registration_drafts").selectAll();
  if (client) q = q.where("client", "=", client);
  return q.execute();
}

async function onlyDraft(client: string) {
  const rows = await draftRows(client);
  expect(rows).toHaveLength(1);
  return JSON.parse(rows[0].data) as { raw: Record<string, Record<string, string>>; personal?: Record<string, string> };
}

/** Random letters (incompressible, so PostgreSQL's TOAST compression flatters nothing). */
const noise = (n: number) => crypto.randomBytes(n).toString("base64url").slice(0, n);

/** A valid first step with every field at its maximum length, plus 20 fields the wizard does not have, 2,000 characters each. */
function heavyPersonal(): FormValues {
  const max = DRAFT_FIELDS.personal;
  const form: FormValues = adultPersonal({
    first_name: noise(max.first_name),
    middle_name: noise(max.middle_name),
    last_name: noise(max.last_name),
    second_last_name: noise(max.second_last_name),
    email: `${noise(max.email - "@example.com".length)}@example.com`,
    phone_number: "300 123 4567".padEnd(max.phone_number, " "),
    emergency_contact_name: noise(max.emergency_contact_name),
    emergency_contact_phone: noise(max.emergency_contact_phone),
    emergency_contact_relationship: noise(max.emergency_contact_relationship),
  });
  for (let i = 0; i < 20; i++) form[`junk_${i}`] = noise(2000);
  return form;
}

/** Bytes the drafts take: the SQLite file's pages, or PostgreSQL's table with its TOAST and indexes. */
async function draftStorageBytes(): Promise<number> {
  if (testDialect === "postgres") {
    const { rows } = await sql<{ n: string }>`select pg_total_relation_size('registration_drafts') as n`.execute(db());
    return Number(rows[0].n);
  }
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db());
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(db());
  return Number(pages.rows[0].page_count) * Number(size.rows[0].page_size);
}

const MB = 1024 * 1024;

describe("drafts keep only the wizard's fields, at their own maximum", () => {
  it("fields the wizard does not have are dropped", async () => {
    const client = newClient();
    const w = newWizard(client);
    const personal = adultPersonal();
    const response = await w.post("personal", {
      ...personal,
      extra: "x".repeat(2000),
      __proto__x: "y",
      intent: "next",
      website: "",
    });
    expect(redirectedTo(response)).toBe("/students-registration/address");
    const draft = await onlyDraft(client);
    expect(Object.keys(draft.raw.personal).sort()).toEqual(Object.keys(personal).sort());

    expect(redirectedTo(await w.post("address", { ...addressValues(), notes: "z".repeat(2000) }))).toBe(
      "/students-registration/message",
    );
    expect(Object.keys((await onlyDraft(client)).raw.address).sort()).toEqual(Object.keys(addressValues()).sort());
    expect((await w.data("address")).defaults).not.toHaveProperty("notes");
  });

  it("an over-long value is refused (400, tooLong) and kept only up to the field's maximum", async () => {
    const client = newClient();
    const w = newWizard(client);
    await w.upToMessage();

    const long = await w.post(
      "personal",
      adultPersonal({ first_name: "x".repeat(5000), email: `${"y".repeat(3000)}@example.com` }),
    );
    expect(long.status).toBe(400);
    expect(await replyErrors(long)).toMatchObject({
      first_name: ["registration.errors.tooLong"],
      email: ["registration.errors.tooLong"],
    });
    let draft = await onlyDraft(client);
    expect(draft.raw.personal.first_name).toBe("x".repeat(DRAFT_FIELDS.personal.first_name));
    expect(draft.raw.personal.email).toHaveLength(DRAFT_FIELDS.personal.email);

    // Back from the last step with an over-long message keeps its first 1,000 characters.
    await w.post("personal", adultPersonal());
    await w.post("address", addressValues());
    const back = await w.post("message", { message: "m".repeat(5000), intent: "back" });
    expect(redirectedTo(back)).toBe("/students-registration/address");
    draft = await onlyDraft(client);
    expect(draft.raw.message.message).toBe("m".repeat(DRAFT_FIELDS.message.message));
    expect((await w.data("message")).defaults.message).toHaveLength(DRAFT_FIELDS.message.message);
  });
});

describe("a draft is made only for a valid first step", () => {
  it("an invalid first step answers 400 with what was typed, and stores nothing", async () => {
    const client = newClient();
    const w = newWizard(client);
    const response = await w.post("personal", adultPersonal({ id_number: "123", first_name: "" }));
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toMatchObject({ id_number: ["registration.errors.idNumberMin"] });
    expect(w.cookie).toBeUndefined();
    expect(await draftRows(client)).toHaveLength(0);
  });

  it("Back or an empty post on the first step without a draft stores nothing", async () => {
    const client = newClient();
    const w = newWizard(client);
    expect(redirectedTo(await w.post("personal", { ...adultPersonal(), intent: "back" }))).toBe(
      "/students-registration/personal",
    );
    expect((await w.post("personal", {})).status).toBe(400);
    expect(w.cookie).toBeUndefined();
    expect(await draftRows(client)).toHaveLength(0);
  });
});

describe("a limited number of drafts per client", () => {
  it(`after ${DRAFTS_PER_CLIENT} unfinished drafts a client's next one gets 429 and a message; others are not affected`, async () => {
    const client = newClient();
    for (let i = 0; i < DRAFTS_PER_CLIENT; i++) {
      expect(redirectedTo(await newWizard(client).post("personal", adultPersonal()))).toBe(
        "/students-registration/address",
      );
    }
    const refused = newWizard(client);
    const response = await refused.post("personal", adultPersonal());
    expect(response.status).toBe(429);
    expect(await replyErrors(response)).toEqual({ "": ["registration.drafts.tooMany"] });
    expect(refused.cookie).toBeUndefined();
    expect(await draftRows(client)).toHaveLength(DRAFTS_PER_CLIENT);

    expect(redirectedTo(await newWizard().post("personal", adultPersonal()))).toBe("/students-registration/address");

    // A finished draft does not count, and neither does an expired one.
    const [oldest] = await draftRows(client);
    await db()
      .updateTable("registration_drafts")
      .set({ created_at: ago((DRAFT_HOURS + 1) * HOUR) })
      .where("token_hash", "=", oldest.token_hash)
      .execute();
    expect(redirectedTo(await refused.post("personal", adultPersonal()))).toBe("/students-registration/address");
    expect(refused.cookie).toBeDefined();
  });

  it("a client's existing draft is still saved at the limit (Back, Next and the last step)", async () => {
    const client = newClient();
    const w = newWizard(client);
    await w.post("personal", adultPersonal());
    for (let i = 1; i < DRAFTS_PER_CLIENT; i++) await newWizard(client).post("personal", adultPersonal());
    expect((await newWizard(client).post("personal", adultPersonal())).status).toBe(429);
    expect(redirectedTo(await w.post("address", addressValues()))).toBe("/students-registration/message");
    expect(redirectedTo(await w.post("message", { message: "kept", intent: "back" }))).toBe(
      "/students-registration/address",
    );
    expect((await w.data("message")).defaults).toMatchObject({ message: "kept" });
    expect(redirectedTo(await w.post("message", messageValues()))).toBe("/students-registration/done");
  });
});

describe("drafts expire after a day and are pruned; so are old sign-in attempts", () => {
  it(`an unfinished draft older than ${DRAFT_HOURS} hours is gone: the wizard starts again`, async () => {
    const client = newClient();
    const w = newWizard(client);
    await w.post("personal", adultPersonal());
    expect((await w.get("address")).status).toBe(200);
    await db()
      .updateTable("registration_drafts")
      .set({ created_at: ago((DRAFT_HOURS + 1) * HOUR) })
      .where("client", "=", client)
      .execute();
    expect(redirectedTo(await w.get("address"))).toBe("/students-registration/personal");
    expect((await w.data("personal")).defaults).toEqual({});
  });

  it("pruning deletes expired drafts (and old finished ones), keeps the rest; a new draft prunes", async () => {
    const client = newClient();
    const row = (created: string, registrationId: number | null, updated = created) => ({
      token_hash: crypto.randomBytes(16).toString("hex"),
      data: JSON.stringify({ raw: {} }),
      client,
      registration_id: registrationId,
      created_at: created,
      updated_at: updated,
    });
    const reg = await insertRegistration({ id_number: uniqueIdNumber() });
    const reg2 = await insertRegistration({ id_number: uniqueIdNumber() });
    const expired = row(ago((DRAFT_HOURS + 1) * HOUR), null, ago(HOUR));
    const live = row(ago((DRAFT_HOURS - 1) * HOUR), null);
    const oldFinished = row(ago((FINISHED_DRAFT_DAYS + 1) * 24 * HOUR), reg.id);
    const finished = row(ago((DRAFT_HOURS + 1) * HOUR), reg2.id);
    await db().insertInto("registration_drafts").values([expired, live, oldFinished, finished]).execute();

    await newWizard().post("personal", adultPersonal());
    const left = (await draftRows(client)).map((r) => r.token_hash).sort();
    expect(left).toEqual([live.token_hash, finished.token_hash].sort());

    // Run on its own as well, with a later clock: the live one expires too.
    await pruneDrafts(new Date(Date.now() + 2 * HOUR));
    expect((await draftRows(client)).map((r) => r.token_hash)).toEqual([finished.token_hash]);
  });

  it(`sign-in attempts older than ${LOGIN_ATTEMPT_HOURS} hours are pruned when one is made`, async () => {
    const user = await createUser({ role: "admin_staff", email: "prune@school.example.com" });
    await createUser({ role: "admin_staff", email: "old@example.com" });
    const attempt = (created: string) => ({
      email: "old@example.com",
      client: "192.0.2.1",
      success: 0,
      created_at: created,
    });
    await db()
      .insertInto("login_attempts")
      .values([attempt(ago((LOGIN_ATTEMPT_HOURS + 1) * HOUR)), attempt(ago(LOGIN_ATTEMPT_HOURS * 2 * HOUR))])
      .execute();
    await db()
      .insertInto("login_attempts")
      .values(attempt(ago(HOUR)))
      .execute();
    const old = () =>
      db()
        .selectFrom("login_attempts")
        .select("created_at")
        .where("email", "=", "old@example.com")
        .orderBy("created_at")
        .execute();
    expect(await old()).toHaveLength(3);

    await callAction(loginRoute, request("/authentication/login", { form: { email: user.email, password: PASSWORD } }));
    expect(await old()).toHaveLength(1);
    expect(await countRows("login_attempts", { column: "email", value: user.email })).toBe(1);

    await pruneLoginAttempts(new Date(Date.now() + LOGIN_ATTEMPT_HOURS * HOUR));
    expect(await old()).toHaveLength(0);
  });

  it("an email without an account stays locked after pruning, as an account does (its five failures are kept, nothing more)", async () => {
    const email = "nobody-here@school.example.com";
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        (await callAction(loginRoute, request("/authentication/login", { form: { email, password: `wrong-${i}` } })))
          .status,
      );
    }
    expect(answers).toEqual([401, 401, 401, 401, 403, 403, 403, 403]);
    const failed = () =>
      db().selectFrom("login_attempts").select("id").where("email", "=", email).where("success", "=", 0).execute();
    expect(await failed()).toHaveLength(5);

    await pruneLoginAttempts(new Date(Date.now() + 30 * 24 * HOUR));
    expect(await failed()).toHaveLength(5);
    expect(await countRows("login_attempts", { column: "email", value: email })).toBe(5);
    expect(
      (await callAction(loginRoute, request("/authentication/login", { form: { email, password: "another-guess" } })))
        .status,
    ).toBe(403);
  });
});

describe("1,000 anonymous drafts", () => {
  it("from 1,000 clients, each a valid first step with every field at its maximum and 40 KB of extra fields: under 5 MB", async () => {
    const before = await draftStorageBytes();
    const drafts = await countRows("registration_drafts");
    for (let i = 0; i < 1000; i++) {
      const response = await newWizard().post("personal", heavyPersonal());
      if (redirectedTo(response) !== "/students-registration/address")
        throw new Error(`draft ${i}: ${response.status}`);
    }
    expect(await countRows("registration_drafts")).toBe(drafts + 1000);
    const grown = (await draftStorageBytes()) - before;
    expect(grown).toBeLessThan(5 * MB);
  }, 120_000);

  it("from one client: only the first few are kept, the rest get 429; under 5 MB", async () => {
    const client = newClient();
    const before = await draftStorageBytes();
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const response = await newWizard(client).post("personal", heavyPersonal());
      if (response.status === 429) refused += 1;
    }
    expect(await draftRows(client)).toHaveLength(DRAFTS_PER_CLIENT);
    expect(refused).toBe(1000 - DRAFTS_PER_CLIENT);
    expect((await draftStorageBytes()) - before).toBeLessThan(5 * MB);
  }, 120_000);
});
