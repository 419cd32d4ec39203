import crypto from "node:crypto";
import { type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import { db } from "~/db/kysely.server";
import { type Database, type PasswordTokenPurpose, type RecordStatus, type Role } from "~/db/schema";
import { audit } from "~/modules/audit/audit.server";
import { checkOwnPassword } from "~/modules/auth/login.server";
import { hashPassword } from "~/modules/auth/password.server";
import { ROLES } from "~/modules/auth/permissions";
import { endUserSessions, hashToken } from "~/modules/auth/tokens.server";
import { parsePaging } from "~/modules/shared/listing";
import { containsText } from "~/modules/shared/sql.server";
import { type ImageExtension, removeImage, storeImage } from "./avatar.server";

export const USERS_PAGE_SIZE = 25;
export const PASSWORD_LINK_LIFETIME_MS = 72 * 60 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;
const now = () => new Date().toISOString();

// ---------------------------------------------------------------- listing

const filterSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  role: z
    .enum(ROLES as [Role, ...Role[]])
    .optional()
    .catch(undefined),
  status: z.enum(["active", "inactive", "locked"]).optional().catch(undefined),
});

export function parseUserFilters(params: URLSearchParams) {
  const raw = filterSchema.parse(Object.fromEntries(params));
  return { ...raw, q: raw.q || undefined, ...parsePaging(params, USERS_PAGE_SIZE) };
}

/** One page of users by name, with only the listed columns. */
export async function listUsers(f: ReturnType<typeof parseUserFilters>) {
  let query = db().selectFrom("users");
  if (f.role) query = query.where("role", "=", f.role);
  if (f.status === "locked") query = query.where("locked_at", "is not", null);
  else if (f.status) query = query.where("status", "=", f.status);
  if (f.q) {
    const q = f.q;
    query = query.where((eb) => eb.or([containsText("name", q), containsText("email", q)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select(["id", "name", "email", "role", "status", "locked_at"])
      .orderBy("name")
      .orderBy("id")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function getUser(id: number) {
  return db()
    .selectFrom("users")
    .select([
      "id",
      "name",
      "email",
      "role",
      "status",
      "image",
      "locked_at",
      "failed_logins",
      "created_at",
      "updated_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The users list as its page shows it: one page of users, each lock as a flag. */
export async function userListPage(params: URLSearchParams) {
  const filters = parseUserFilters(params);
  const { rows, total } = await listUsers(filters);
  return {
    rows: rows.map((r) => ({ ...r, locked: !!r.locked_at, locked_at: undefined })),
    total,
    page: filters.page,
    limit: filters.limit,
  };
}

/** A user's page as the admin sees it (null: no such user); `isSelf` when the admin is that user. */
export async function userPage(id: number, actorId: number) {
  const user = await getUser(id);
  if (!user) return null;
  const { locked_at, ...rest } = user;
  return { user: { ...rest, locked: !!locked_at }, isSelf: actorId === user.id };
}

// ---------------------------------------------------------------- one-time links

/**
 * A one-time set-password token: 256 random bits, only its SHA-256 stored,
 * valid 72 hours. Earlier unused links of the user stop working.
 */
export async function issuePasswordToken(trx: Db, userId: number, purpose: PasswordTokenPurpose) {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = new Date();
  await trx
    .updateTable("password_tokens")
    .set({ used_at: at.toISOString() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("password_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + PASSWORD_LINK_LIFETIME_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export function passwordLinkPath(token: string) {
  return `/authentication/set-password/${token}`;
}

export type TokenState = "valid" | "invalid" | "used" | "expired";

function tokenLooksValid(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

async function findToken(trx: Db, token: string) {
  if (!tokenLooksValid(token)) return undefined;
  return trx
    .selectFrom("password_tokens")
    .select(["token_hash", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
}

function stateOf(row: { expires_at: string; used_at: string | null } | undefined): TokenState {
  if (!row) return "invalid";
  if (row.used_at) return "used";
  if (Date.parse(row.expires_at) <= Date.now()) return "expired";
  return "valid";
}

export async function passwordTokenState(token: string): Promise<TokenState> {
  return stateOf(await findToken(db(), token));
}

/**
 * Sets the password of a one-time link's user and spends the link: the
 * account is unlocked and its sessions end. A link works once, even when
 * submitted twice at the same moment.
 */
export async function setPasswordWithToken(
  token: string,
  password: string,
): Promise<{ ok: true } | { ok: false; reason: Exclude<TokenState, "valid"> }> {
  const early = stateOf(await findToken(db(), token));
  if (early !== "valid") return { ok: false, reason: early };
  const passwordHash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await findToken(trx, token);
      const state = stateOf(row);
      if (!row || state !== "valid") return { ok: false as const, reason: state as Exclude<TokenState, "valid"> };
      const at = now();
      const claimed = await trx
        .updateTable("password_tokens")
        .set({ used_at: at })
        .where("token_hash", "=", row.token_hash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { ok: false as const, reason: "used" as const };
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, locked_at: null, failed_logins: 0, updated_at: at })
        .where("id", "=", row.user_id)
        .execute();
      await endUserSessions(row.user_id, { trx });
      await audit(row.user_id, "user.password_set", "user", row.user_id, { method: "link" }, trx);
      return { ok: true as const };
    });
}

// ---------------------------------------------------------------- admin changes

export type UserChangeFailure = "notFound" | "emailTaken" | "selfDemotion" | "selfDeactivation" | "selfLock";
export type UserChange<T = object> = ({ ok: true } & T) | { ok: false; reason: UserChangeFailure };

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

async function emailTaken(trx: Db, email: string, exceptId?: number) {
  let q = trx.selectFrom("users").select("id").where("email", "=", email);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return !!(await q.executeTakeFirst());
}

export type NewUserInput = { name: string; email: string; role: Role } & (
  { method: "password"; password: string } | { method: "link" }
);

/** A new active user with either the admin's initial password or a one-time link (returned once, never stored). */
export async function createUser(
  input: NewUserInput,
  actorId: number,
): Promise<{ ok: true; id: number; token: string | null } | { ok: false; reason: "emailTaken" }> {
  const passwordHash = input.method === "password" ? await hashPassword(input.password) : null;
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        if (await emailTaken(trx, input.email)) return { ok: false as const, reason: "emailTaken" as const };
        const at = now();
        const { id } = await trx
          .insertInto("users")
          .values({
            name: input.name,
            email: input.email,
            role: input.role,
            password_hash: passwordHash,
            status: "active",
            image: null,
            locale: null,
            locked_at: null,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const token = input.method === "link" ? await issuePasswordToken(trx, id, "invite") : null;
        await audit(
          actorId,
          "user.created",
          "user",
          id,
          { name: input.name, email: input.email, role: input.role, password: input.method },
          trx,
        );
        return { ok: true as const, id, token };
      });
  } catch (error) {
    // Two admins creating the same email at once: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}

/** Name, email and role; a role change ends the user's sessions. An admin cannot drop their own admin role. */
export async function updateUser(
  id: number,
  input: { name: string; email: string; role: Role },
  actorId: number,
): Promise<UserChange> {
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const user = await trx
          .selectFrom("users")
          .select(["name", "email", "role"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!user) return { ok: false as const, reason: "notFound" as const };
        if (id === actorId && user.role === "admin_staff" && input.role !== "admin_staff") {
          return { ok: false as const, reason: "selfDemotion" as const };
        }
        if (input.email !== user.email && (await emailTaken(trx, input.email, id))) {
          return { ok: false as const, reason: "emailTaken" as const };
        }
        const changes: Record<string, { from: string; to: string }> = {};
        if (input.name !== user.name) changes.name = { from: user.name, to: input.name };
        if (input.email !== user.email) changes.email = { from: user.email, to: input.email };
        const roleChanged = input.role !== user.role;
        if (!roleChanged && Object.keys(changes).length === 0) return { ok: true as const };
        await trx
          .updateTable("users")
          .set({ name: input.name, email: input.email, role: input.role, updated_at: now() })
          .where("id", "=", id)
          .execute();
        if (Object.keys(changes).length) await audit(actorId, "user.updated", "user", id, changes, trx);
        if (roleChanged) {
          await endUserSessions(id, { trx });
          await audit(actorId, "user.role_changed", "user", id, { from: user.role, to: input.role }, trx);
        }
        return { ok: true as const };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}

/** Activates or deactivates; deactivation ends the user's sessions. Nobody deactivates themselves. */
export async function setUserStatus(id: number, status: RecordStatus, actorId: number): Promise<UserChange> {
  if (id === actorId && status === "inactive") return { ok: false, reason: "selfDeactivation" };
  return db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select("status").where("id", "=", id).executeTakeFirst();
      if (!user) return { ok: false as const, reason: "notFound" as const };
      if (user.status === status) return { ok: true as const };
      await trx.updateTable("users").set({ status, updated_at: now() }).where("id", "=", id).execute();
      if (status === "inactive") await endUserSessions(id, { trx });
      await audit(actorId, status === "inactive" ? "user.deactivated" : "user.activated", "user", id, undefined, trx);
      return { ok: true as const };
    });
}

/** Locks (ending the user's sessions) or unlocks (clearing the failed sign-ins). Nobody locks themselves. */
export async function setUserLock(id: number, locked: boolean, actorId: number): Promise<UserChange> {
  if (id === actorId && locked) return { ok: false, reason: "selfLock" };
  return db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["locked_at", "failed_logins"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!user) return { ok: false as const, reason: "notFound" as const };
      const at = now();
      if (locked) {
        if (user.locked_at) return { ok: true as const };
        await trx.updateTable("users").set({ locked_at: at, updated_at: at }).where("id", "=", id).execute();
        await endUserSessions(id, { trx });
        await audit(actorId, "user.locked", "user", id, undefined, trx);
      } else {
        if (!user.locked_at && user.failed_logins === 0) return { ok: true as const };
        await trx
          .updateTable("users")
          .set({ locked_at: null, failed_logins: 0, updated_at: at })
          .where("id", "=", id)
          .execute();
        await audit(actorId, "user.unlocked", "user", id, { failed_logins: user.failed_logins }, trx);
      }
      return { ok: true as const };
    });
}

/**
 * A new password typed by the admin, or a new one-time link (the old password
 * then stops working). Either way the user's sessions end.
 */
export async function resetPassword(
  id: number,
  input: { method: "password"; password: string } | { method: "link" },
  actorId: number,
): Promise<UserChange<{ token: string | null }>> {
  const passwordHash = input.method === "password" ? await hashPassword(input.password) : null;
  return db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
      if (!user) return { ok: false as const, reason: "notFound" as const };
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: now() })
        .where("id", "=", id)
        .execute();
      const token = input.method === "link" ? await issuePasswordToken(trx, id, "reset") : null;
      if (input.method === "password") {
        // A typed password replaces any link still waiting.
        await trx
          .updateTable("password_tokens")
          .set({ used_at: now() })
          .where("user_id", "=", id)
          .where("used_at", "is", null)
          .execute();
      }
      await endUserSessions(id, { trx });
      await audit(actorId, "user.password_reset", "user", id, { method: input.method }, trx);
      return { ok: true as const, token };
    });
}

// ---------------------------------------------------------------- avatar

/**
 * Stores a new avatar (or removes it: null) for the user; the old file is
 * deleted once the database has the new name.
 */
export async function setUserImage(
  id: number,
  image: { bytes: Uint8Array; extension: ImageExtension } | null,
  actorId: number,
): Promise<{ ok: true } | { ok: false; reason: "notFound" }> {
  const stored = image ? await storeImage(image.bytes, image.extension) : null;
  let outcome: { ok: true; old: string | null } | { ok: false; reason: "notFound" };
  try {
    outcome = await db()
      .transaction()
      .execute(async (trx) => {
        const user = await trx.selectFrom("users").select("image").where("id", "=", id).executeTakeFirst();
        if (!user) return { ok: false as const, reason: "notFound" as const };
        if (!stored && !user.image) return { ok: true as const, old: null };
        await trx.updateTable("users").set({ image: stored, updated_at: now() }).where("id", "=", id).execute();
        await audit(actorId, stored ? "user.image_changed" : "user.image_removed", "user", id, undefined, trx);
        return { ok: true as const, old: user.image };
      });
  } catch (error) {
    await removeImage(stored);
    throw error;
  }
  if (!outcome.ok) {
    await removeImage(stored);
    return outcome;
  }
  if (outcome.old && outcome.old !== stored) await removeImage(outcome.old);
  return { ok: true };
}

// ---------------------------------------------------------------- own profile

/** The profile page's user, with their sessions still open (newest first): where they are signed in (issue 21). */
export async function getProfile(id: number) {
  const [user, sessions] = await Promise.all([
    db().selectFrom("users").select(["id", "name", "email", "role", "image"]).where("id", "=", id).executeTakeFirst(),
    db()
      .selectFrom("sessions")
      .select(["id", "created_at", "last_seen_at"])
      .where("user_id", "=", id)
      .where("expires_at", ">", now())
      .orderBy("last_seen_at", "desc")
      .orderBy("id", "desc")
      .limit(20)
      .execute(),
  ]);
  return user && { ...user, sessions: sessions.map((s) => ({ ...s, id: Number(s.id) })) };
}

export async function updateOwnName(id: number, name: string): Promise<{ ok: true }> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx.selectFrom("users").select("name").where("id", "=", id).executeTakeFirst();
      if (!user || user.name === name) return;
      await trx.updateTable("users").set({ name, updated_at: now() }).where("id", "=", id).execute();
      await audit(id, "user.updated", "user", id, { name: { from: user.name, to: name } }, trx);
    });
  return { ok: true };
}

export async function updateOwnLocale(id: number, locale: string): Promise<{ ok: true }> {
  await db().updateTable("users").set({ locale, updated_at: now() }).where("id", "=", id).execute();
  return { ok: true };
}

/**
 * Changes one's own password after checking the current one as a sign-in
 * checks it (limits, lockout: `checkOwnPassword`); every other session of
 * the user ends, the one in use stays. `client` is the sender's clientKey.
 */
export async function changeOwnPassword(
  user: { id: number; sessionId: number },
  current: string,
  next: string,
  client: string,
): Promise<{ ok: true } | { ok: false; reason: "wrongPassword" | "locked" | "rateLimited" }> {
  const checked = await checkOwnPassword(user.id, current, client);
  if (checked !== "ok") return { ok: false, reason: checked === "invalid" ? "wrongPassword" : checked };
  const passwordHash = await hashPassword(next);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: now() })
        .where("id", "=", user.id)
        .execute();
      await trx
        .updateTable("password_tokens")
        .set({ used_at: now() })
        .where("user_id", "=", user.id)
        .where("used_at", "is", null)
        .execute();
      await endUserSessions(user.id, { keep: user.sessionId, trx });
      await audit(user.id, "user.password_changed", "user", user.id, undefined, trx);
    });
  return { ok: true };
}
