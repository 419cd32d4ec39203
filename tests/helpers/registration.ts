import { type Insertable } from "kysely";
import { db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";
import * as stepRoute from "~/routes/students-registration.$step";
import { callAction, callLoader, cookiePair, request, setCookies } from "./fixtures";

// The registration wizard driven through its route module, the way a browser
// without JavaScript drives it: one POST per step, the `registration` cookie
// carried from answer to answer.

export type FormValues = Record<string, string>;
export type WizardStep = "personal" | "address" | "message" | "done";

let counter = 0;
/** A fresh, valid id_number (10–13 characters) for each call. */
export function uniqueIdNumber() {
  counter += 1;
  return `T${String(Date.now()).slice(-7)}${String(counter).padStart(4, "0")}`.slice(0, 13);
}

export function adultPersonal(overrides: FormValues = {}): FormValues {
  return {
    first_name: "Ana",
    middle_name: "María",
    last_name: "Pérez",
    second_last_name: "Gómez",
    id_number: uniqueIdNumber(),
    birthday: "1990-05-17",
    phone_number: "300 123-4567",
    email: "Ana.Perez@Example.com",
    age_category: "adults",
    ...overrides,
  };
}

export function kidPersonal(overrides: FormValues = {}): FormValues {
  return adultPersonal({
    first_name: "Tomás",
    birthday: "2016-03-01",
    age_category: "kids",
    emergency_contact_name: "Marta Gómez",
    emergency_contact_phone: "310 987 6543",
    emergency_contact_relationship: "Mother",
    ...overrides,
  });
}

export function addressValues(overrides: FormValues = {}): FormValues {
  return {
    address: "Calle 10 # 20-30",
    level: "B2 First",
    schedule: "TUE-THU-17-19",
    same_billing: "no",
    billing_address: "Carrera 7 # 8-9",
    where_hear_about_us: "friend",
    promotion: "2x1",
    ...overrides,
  };
}

export function messageValues(overrides: FormValues = {}): FormValues {
  return { message: "See you soon", accepted_terms: "on", ...overrides };
}

export class Wizard {
  cookie: string | undefined;

  /**
   * `headers` go with every request (e.g. X-Forwarded-For for the per-client limit);
   * `clientAddress` is the socket address the posts come from (default TEST_CLIENT).
   */
  constructor(
    readonly headers: Record<string, string> = {},
    readonly clientAddress?: string,
  ) {}

  private keep(response: Response) {
    for (const line of setCookies(response, "registration")) {
      const pair = cookiePair(line, "registration");
      this.cookie = /max-age=0/i.test(line) || pair === "registration=" ? undefined : pair;
    }
    return response;
  }

  request(step: string, form?: FormValues, headers: Record<string, string> = {}) {
    return request(`/students-registration/${step}`, {
      form,
      cookie: this.cookie,
      headers: { ...this.headers, ...headers },
    });
  }

  async post(step: string, form: FormValues, headers: Record<string, string> = {}) {
    return this.keep(
      await callAction(stepRoute, this.request(step, form, headers), { step }, { clientAddress: this.clientAddress }),
    );
  }

  async get(step: string) {
    return this.keep(await callLoader(stepRoute, this.request(step), { step }));
  }

  /** The loader's data for a step that is allowed now (fails on a redirect). */
  async data(
    step: WizardStep,
  ): Promise<{ step: string; defaults: FormValues; age: string | null; reference: string | null }> {
    const response = await this.get(step);
    if (response.status !== 200)
      throw new Error(`GET ${step}: ${response.status} ${response.headers.get("Location") ?? ""}`);
    return response.json();
  }

  /** Posts personal and address (both valid) so the message step is next. */
  async upToMessage(personal = adultPersonal(), address = addressValues()) {
    const p = await this.post("personal", personal);
    if (p.headers.get("Location") !== "/students-registration/address")
      throw new Error(`personal: ${p.status} ${await p.text()}`);
    const a = await this.post("address", address);
    if (a.headers.get("Location") !== "/students-registration/message")
      throw new Error(`address: ${a.status} ${await a.text()}`);
    return personal;
  }
}

/** The field errors of a 4xx answer of the wizard or the review (conform's reply). */
export async function replyErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as { result?: { error?: Record<string, string[] | null> | null } };
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(body.result?.error ?? {})) if (v) errors[k] = v;
  return errors;
}

export async function countRows(table: keyof Database, where?: { column: string; value: string | number }) {
  let q = db().selectFrom(table as "registrations");
  if (where) q = q.where(where.column as "id", "=", where.value as number);
  const row = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

let refCounter = 0;
/** A registration row written directly (status, dates and client as given). */
export async function insertRegistration(fields: Partial<Insertable<Database["registrations"]>> = {}) {
  refCounter += 1;
  return db()
    .insertInto("registrations")
    .values({
      first_name: "Rosa",
      middle_name: "Elena",
      last_name: "Martínez",
      second_last_name: "López",
      id_number: uniqueIdNumber(),
      birthday: "1995-01-02",
      phone_number: "3005556677",
      email: `rosa${refCounter}@example.com`,
      address: "Calle 5 # 6-7",
      age_category: "adults",
      emergency_contact_name: null,
      emergency_contact_phone: null,
      emergency_contact_relationship: null,
      level_id: 3,
      schedule: "MON-WED-19-21",
      same_billing: 1,
      billing_address: null,
      where_hear_about_us: null,
      promotion: null,
      reference: `REG-TEST-${String(refCounter).padStart(4, "0")}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      message: null,
      accepted_terms: 1,
      status: "pending",
      reject_reason: null,
      student_id: null,
      decided_by: null,
      decided_at: null,
      created_at: new Date().toISOString(),
      draft_token_hash: null,
      client: null,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
