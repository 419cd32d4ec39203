import { sql } from "kysely";
import { database, db } from "~/db/kysely.server";
import { BOOKMARK_LABEL_MAX, MENU_PREFERENCES_MAX } from "~/modules/auth/menu";

// Issue 15: each user's bookmarks and pinned menu entries, in the database so
// they survive sign-out and follow the user to another browser.

export interface Bookmark {
  path: string;
  label: string;
}

export interface MenuPreferences {
  bookmarks: Bookmark[];
  /** Ids of the pinned menu entries. */
  pins: string[];
}

export async function menuPreferences(userId: number): Promise<MenuPreferences> {
  // One query for both (on every signed-in page): bookmarks in the order made,
  // then pins in the order made.
  const rows = await db()
    .selectFrom("menu_bookmarks")
    .select([sql<string>`'b'`.as("kind"), "path as key", "label", "created_at", "id as seq"])
    .where("user_id", "=", userId)
    .unionAll(
      db()
        .selectFrom("menu_pins")
        .select([
          sql<string>`'p'`.as("kind"),
          "item_id as key",
          sql<string>`''`.as("label"),
          "created_at",
          sql<number>`0`.as("seq"),
        ])
        .where("user_id", "=", userId),
    )
    .orderBy("kind")
    .orderBy("created_at")
    .orderBy("seq")
    .orderBy("key")
    .execute();
  return {
    bookmarks: rows.flatMap((r) => (r.kind === "b" ? [{ path: r.key, label: r.label }] : [])),
    pins: rows.flatMap((r) => (r.kind === "p" ? [r.key] : [])),
  };
}

export type Outcome = { ok: true } | { ok: false; error: "limit" };

/**
 * Runs `write` unless the user already keeps MENU_PREFERENCES_MAX rows of
 * `table` (and `present` is not one of them). On PostgreSQL the user's row is
 * locked first, so two requests at once cannot both pass the count.
 */
async function withinLimit(
  userId: number,
  table: "menu_bookmarks" | "menu_pins",
  present: (trx: ReturnType<typeof db>) => Promise<boolean>,
  write: (trx: ReturnType<typeof db>) => Promise<unknown>,
): Promise<Outcome> {
  const postgres = database().dialect === "postgres";
  return db()
    .transaction()
    .execute(async (trx) => {
      if (postgres) await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!(await present(trx))) {
        const { n } = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MENU_PREFERENCES_MAX) return { ok: false, error: "limit" } as const;
      }
      await write(trx);
      return { ok: true } as const;
    });
}

/** Stars (on) or un-stars a page; starring it again keeps one bookmark with the newer label. */
export async function setBookmark(userId: number, path: string, label: string, on: boolean): Promise<Outcome> {
  if (!on) {
    await db().deleteFrom("menu_bookmarks").where("user_id", "=", userId).where("path", "=", path).execute();
    return { ok: true };
  }
  const text = label.trim().slice(0, BOOKMARK_LABEL_MAX) || path;
  return withinLimit(
    userId,
    "menu_bookmarks",
    async (trx) =>
      !!(await trx
        .selectFrom("menu_bookmarks")
        .select("id")
        .where("user_id", "=", userId)
        .where("path", "=", path)
        .executeTakeFirst()),
    (trx) =>
      trx
        .insertInto("menu_bookmarks")
        .values({ user_id: userId, path, label: text, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(["user_id", "path"]).doUpdateSet({ label: text }))
        .execute(),
  );
}

/** Pins (on) or unpins a menu entry. */
export async function setPin(userId: number, itemId: string, on: boolean): Promise<Outcome> {
  if (!on) {
    await db().deleteFrom("menu_pins").where("user_id", "=", userId).where("item_id", "=", itemId).execute();
    return { ok: true };
  }
  return withinLimit(
    userId,
    "menu_pins",
    async (trx) =>
      !!(await trx
        .selectFrom("menu_pins")
        .select("item_id")
        .where("user_id", "=", userId)
        .where("item_id", "=", itemId)
        .executeTakeFirst()),
    (trx) =>
      trx
        .insertInto("menu_pins")
        .values({ user_id: userId, item_id: itemId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(["user_id", "item_id"]).doNothing())
        .execute(),
  );
}
