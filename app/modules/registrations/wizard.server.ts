import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { db } from "~/db/kysely.server";
import { type AgeCategory } from "~/db/schema";
import { isHttps, rateLimitFactor, sessionSecrets } from "~/env.server";
import { hashToken } from "~/modules/auth/tokens.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { findLevel } from "~/modules/levels/levels";
import { FINISHED_DRAFT_DAYS, draftCutoff, pruneDrafts } from "~/modules/shared/prune.server";
import {
  DRAFT_FIELDS,
  type AddressStep,
  type MessageStep,
  type PersonalStep,
  type Step,
  addressSchema,
  personalSchema,
} from "./schema";

export const SUBMISSIONS_PER_HOUR = 10;
/** Unfinished drafts one client may have at once (each lives DRAFT_HOURS, prune.server.ts). */
export const DRAFTS_PER_CLIENT = 50;

export type RawValues = Record<string, string>;
type FormStep = keyof typeof DRAFT_FIELDS;

/** What a draft keeps of a step's form: only the step's own fields, each cut to its maximum (DRAFT_FIELDS). */
export function draftValues(step: FormStep, entries: Iterable<[string, unknown]>): RawValues {
  const limits: Record<string, number> = DRAFT_FIELDS[step];
  const raw: RawValues = {};
  for (const [k, v] of entries) {
    if (typeof v === "string" && Object.hasOwn(limits, k) && !Object.hasOwn(raw, k)) raw[k] = v.slice(0, limits[k]);
  }
  return raw;
}

/** The draft's typed values with the same bounds, whatever a caller put in them. */
function boundedRaw(raw: DraftData["raw"]): DraftData["raw"] {
  const out: DraftData["raw"] = {};
  for (const step of Object.keys(DRAFT_FIELDS) as FormStep[]) {
    const values = raw[step];
    if (values) out[step] = draftValues(step, Object.entries(values));
  }
  return out;
}

export interface DraftData {
  personal?: PersonalStep;
  address?: AddressStep;
  message?: MessageStep;
  /** What was typed on each step, valid or not, so Back and reload keep it. */
  raw: Partial<Record<"personal" | "address" | "message", RawValues>>;
}

export interface Draft {
  tokenHash: string;
  data: DraftData;
  registrationId: number | null;
  reference: string | null;
}

function draftCookie(request: Request) {
  return createCookie("registration", {
    httpOnly: true,
    sameSite: "lax",
    path: "/students-registration",
    secure: isHttps(request),
    secrets: sessionSecrets(),
    maxAge: FINISHED_DRAFT_DAYS * 24 * 60 * 60,
  });
}

export async function loadDraft(request: Request): Promise<Draft | null> {
  const token = await draftCookie(request).parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token.length < 32) return null;
  const tokenHash = hashToken(token);
  const row = await db()
    .selectFrom("registration_drafts")
    .leftJoin("registrations", "registrations.id", "registration_drafts.registration_id")
    .select([
      "registration_drafts.data",
      "registration_drafts.registration_id",
      "registration_drafts.created_at",
      "registrations.reference",
    ])
    .where("registration_drafts.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  // An unfinished draft expires DRAFT_HOURS after it was started, pruned or not yet.
  if (row.registration_id === null && row.created_at < draftCutoff()) return null;
  let data: DraftData;
  try {
    data = JSON.parse(row.data);
  } catch {
    data = { raw: {} };
  }
  return {
    tokenHash,
    data: { ...data, raw: data.raw ?? {} },
    registrationId: row.registration_id,
    reference: row.reference ?? null,
  };
}

export type SaveOutcome = { headers?: HeadersInit; refused?: "tooManyDrafts" };

/**
 * Stores the draft, its typed values bounded (draftValues). A new one is only
 * made for a valid first step (`data.personal`), gets a fresh random token and
 * a cookie, and is refused when its client (`client`, the sender's address:
 * clientKey) already has DRAFTS_PER_CLIENT unfinished drafts.
 */
export async function saveDraft(
  request: Request,
  client: string,
  draft: Draft | null,
  data: DraftData,
): Promise<SaveOutcome> {
  const now = new Date();
  const stored = JSON.stringify({ ...data, raw: boundedRaw(data.raw) });
  if (draft) {
    await db()
      .updateTable("registration_drafts")
      .set({ data: stored, updated_at: now.toISOString() })
      .where("token_hash", "=", draft.tokenHash)
      .where("registration_id", "is", null)
      .execute();
    return {};
  }
  if (!data.personal) return {};
  // Expired drafts go when new ones come.
  await pruneDrafts(now);
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  await db()
    .insertInto("registration_drafts")
    .values({
      token_hash: tokenHash,
      data: stored,
      client,
      registration_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  // Counted after the insert, so of parallel new drafts the ones past the limit see it.
  const row = await db()
    .selectFrom("registration_drafts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client", "=", client)
    .where("created_at", ">=", draftCutoff(now))
    .where("registration_id", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(row.n) > DRAFTS_PER_CLIENT * rateLimitFactor()) {
    await db().deleteFrom("registration_drafts").where("token_hash", "=", tokenHash).execute();
    return { refused: "tooManyDrafts" };
  }
  return { headers: { "Set-Cookie": await draftCookie(request).serialize(token) } };
}

export async function forgetDraft(request: Request) {
  return { "Set-Cookie": await draftCookie(request).serialize("", { maxAge: 0 }) };
}

/** The typed values as conform hands them to the schema: an empty field is a missing one. */
function asSubmitted(raw: RawValues = {}) {
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ""));
}

/** Which steps hold valid data on the school's date `today` (step 2 is rechecked against step 1's age). */
export function completedSteps(data: DraftData, today: string) {
  const personal =
    data.personal && personalSchema(today).safeParse(asSubmitted(data.raw.personal)).success
      ? data.personal
      : undefined;
  const address =
    personal && data.address && addressSchema(personal.age_category).safeParse(asSubmitted(data.raw.address)).success
      ? data.address
      : undefined;
  const message = address && data.message ? data.message : undefined;
  return { personal, address, message };
}

export function firstIncompleteStep(data: DraftData, submitted: boolean, today: string): Step {
  if (submitted) return "done";
  const done = completedSteps(data, today);
  if (!done.personal) return "personal";
  if (!done.address) return "address";
  return "message";
}

/** An id_number that already has a pending registration or an active student. */
export async function idNumberTaken(idNumber: string): Promise<boolean> {
  const [reg, student] = await Promise.all([
    db()
      .selectFrom("registrations")
      .select("id")
      .where("id_number", "=", idNumber)
      .where("status", "=", "pending")
      .executeTakeFirst(),
    db()
      .selectFrom("students")
      .select("id")
      .where("id_number", "=", idNumber)
      .where("status", "=", "active")
      .executeTakeFirst(),
  ]);
  return !!(reg || student);
}

export async function tooManySubmissions(client: string): Promise<boolean> {
  const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const row = await db()
    .selectFrom("registrations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client", "=", client)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= SUBMISSIONS_PER_HOUR * rateLimitFactor();
}

function newReference(now: Date) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.randomBytes(8);
  let code = "";
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return `REG-${now.getUTCFullYear()}-${code}`;
}

export type SubmitOutcome = { ok: true; reference: string } | { ok: false; reason: "duplicate" | "incomplete" };

/**
 * Turns a complete draft into one pending registration. The unique
 * draft_token_hash makes a double submission give the same registration.
 */
export async function submitDraft(client: string, draft: Draft, data: DraftData): Promise<SubmitOutcome> {
  const { personal, address, message } = completedSteps(data, await schoolToday());
  if (!personal || !address || !message) return { ok: false, reason: "incomplete" };
  const level = findLevel(personal.age_category as AgeCategory, address.level);
  if (!level) return { ok: false, reason: "incomplete" };
  const now = new Date();

  const existing = async () =>
    db()
      .selectFrom("registrations")
      .select("reference")
      .where("draft_token_hash", "=", draft.tokenHash)
      .executeTakeFirst();
  const already = await existing();
  if (already) return { ok: true, reference: already.reference };
  if (await idNumberTaken(personal.id_number)) {
    // A simultaneous submission of this same draft may have just stored it:
    // that is this draft's registration, not someone else's duplicate.
    const winner = await existing();
    if (winner) return { ok: true, reference: winner.reference };
    return { ok: false, reason: "duplicate" };
  }

  try {
    const reference = await db()
      .transaction()
      .execute(async (trx) => {
        const reference = newReference(now);
        const row = await trx
          .insertInto("registrations")
          .values({
            first_name: personal.first_name,
            middle_name: personal.middle_name,
            last_name: personal.last_name,
            second_last_name: personal.second_last_name,
            id_number: personal.id_number,
            birthday: personal.birthday,
            phone_number: personal.phone_number,
            email: personal.email,
            address: address.address,
            age_category: personal.age_category,
            emergency_contact_name: personal.emergency_contact_name ?? null,
            emergency_contact_phone: personal.emergency_contact_phone ?? null,
            emergency_contact_relationship: personal.emergency_contact_relationship ?? null,
            level_id: level.id,
            schedule: address.schedule,
            same_billing: address.same_billing === "yes" ? 1 : 0,
            billing_address: address.billing_address ?? null,
            where_hear_about_us: address.where_hear_about_us ?? null,
            promotion: address.promotion ?? null,
            reference,
            message: message.message ?? null,
            accepted_terms: 1,
            status: "pending",
            reject_reason: null,
            student_id: null,
            decided_by: null,
            decided_at: null,
            created_at: now.toISOString(),
            draft_token_hash: draft.tokenHash,
            client,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("registration_drafts")
          .set({ data: JSON.stringify(data), registration_id: row.id, updated_at: now.toISOString() })
          .where("token_hash", "=", draft.tokenHash)
          .execute();
        return reference;
      });
    return { ok: true, reference };
  } catch (error) {
    // The other of two simultaneous submissions won: answer with its registration.
    const winner = await existing();
    if (winner) return { ok: true, reference: winner.reference };
    // Another browser registered the same ID number at the same moment.
    if (await idNumberTaken(personal.id_number)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}
