import { type Kysely, type Transaction } from "kysely";
import { appName } from "~/components/app-names";
import { db } from "~/db/kysely.server";
import { type Database, type GradingCategory } from "~/db/schema";
import { languageTranslator } from "~/i18n/i18n.server";
import { audit } from "~/modules/audit/audit.server";
import { schoolLanguage } from "~/modules/settings/settings.server";
import { type SyllabusLevel, bySyllabusOrder, defaultSyllabus, syllabusLevel } from "./syllabus";

type Trx = Kysely<Database> | Transaction<Database>;

/** A level's items, in category order then position. */
export async function syllabusOf(levelId: number) {
  const rows = await db()
    .selectFrom("syllabus_items")
    .select(["id", "item_name", "category", "position"])
    .where("level_id", "=", levelId)
    .execute();
  return bySyllabusOrder(rows);
}

/** How many items each level has (one query), for the level picker. */
export async function syllabusCounts() {
  const rows = await db()
    .selectFrom("syllabus_items")
    .select((eb) => ["level_id", eb.fn.countAll<number>().as("n")])
    .groupBy("level_id")
    .execute();
  return new Map(rows.map((r) => [r.level_id, Number(r.n)]));
}

/**
 * The syllabus page (read model): the level asked for (none: only the
 * picker), its items, and how many items each level has.
 */
export async function syllabusPage(level: SyllabusLevel | undefined) {
  const [counts, items] = await Promise.all([syllabusCounts(), level ? syllabusOf(level.id) : Promise.resolve([])]);
  return { level: level ?? null, items, counts: Object.fromEntries(counts) };
}

async function nextPosition(trx: Trx, levelId: number) {
  const row = await trx
    .selectFrom("syllabus_items")
    .select((eb) => eb.fn.max("position").as("p"))
    .where("level_id", "=", levelId)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

export async function addSyllabusItem(
  levelId: number,
  item: { item_name: string; category: GradingCategory },
  userId: number,
) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const position = await nextPosition(trx, levelId);
      const row = await trx
        .insertInto("syllabus_items")
        .values({ level_id: levelId, item_name: item.item_name, category: item.category, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(userId, "syllabus.item_added", "syllabus_item", row.id, { level_id: levelId, ...item }, trx);
      return row.id;
    });
}

export type ItemOutcome = { ok: true } | { ok: false; reason: "notFound" };

export async function renameSyllabusItem(
  levelId: number,
  itemId: number,
  name: string,
  userId: number,
): Promise<ItemOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .updateTable("syllabus_items")
        .set({ item_name: name })
        .where("id", "=", itemId)
        .where("level_id", "=", levelId)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return { ok: false, reason: "notFound" } as const;
      await audit(userId, "syllabus.item_renamed", "syllabus_item", itemId, { item_name: name }, trx);
      return { ok: true } as const;
    });
}

export async function removeSyllabusItem(levelId: number, itemId: number, userId: number): Promise<ItemOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const item = await trx
        .selectFrom("syllabus_items")
        .select(["item_name", "category"])
        .where("id", "=", itemId)
        .where("level_id", "=", levelId)
        .executeTakeFirst();
      if (!item) return { ok: false, reason: "notFound" } as const;
      await trx.deleteFrom("syllabus_items").where("id", "=", itemId).execute();
      await audit(userId, "syllabus.item_removed", "syllabus_item", itemId, { level_id: levelId, ...item }, trx);
      return { ok: true } as const;
    });
}

/**
 * Moves an item one place up or down among the items of its category (the
 * order the page shows): swaps its position with the neighbour's. At the
 * edge nothing changes.
 */
export async function moveSyllabusItem(
  levelId: number,
  itemId: number,
  direction: "up" | "down",
  userId: number,
): Promise<ItemOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom("syllabus_items")
        .select(["id", "category", "position"])
        .where("level_id", "=", levelId)
        .execute();
      const item = rows.find((r) => r.id === itemId);
      if (!item) return { ok: false, reason: "notFound" } as const;
      const siblings = bySyllabusOrder(rows.filter((r) => r.category === item.category));
      const i = siblings.findIndex((r) => r.id === itemId);
      const other = siblings[direction === "up" ? i - 1 : i + 1];
      if (!other) return { ok: true } as const;
      // Equal positions (hand-made data) would not swap: give them distinct ones first.
      const [a, b] =
        item.position === other.position
          ? [item.position, other.position + (direction === "up" ? -1 : 1)]
          : [item.position, other.position];
      await trx.updateTable("syllabus_items").set({ position: b }).where("id", "=", item.id).execute();
      await trx.updateTable("syllabus_items").set({ position: a }).where("id", "=", other.id).execute();
      await audit(userId, "syllabus.item_moved", "syllabus_item", itemId, { direction }, trx);
      return { ok: true } as const;
    });
}

/**
 * The names of the default items in the school's default language (issue 20):
 * in English they stay the app's own names (shown in each reader's language,
 * ADR 040); in another language they are written as the school would have
 * typed them, and shown as typed.
 */
async function defaultItemNamer(): Promise<(name: string) => string> {
  const lng = await schoolLanguage();
  if (lng === "en") return (name) => name;
  const t = await languageTranslator(lng);
  return (name) => appName(t, "item", name);
}

/** The default items of a level that has none yet; a level with items is left alone. */
export async function createDefaultSyllabus(
  levelId: number,
  userId: number,
): Promise<{ ok: true; created: number } | { ok: false; reason: "notEmpty" | "notFound" }> {
  const level = syllabusLevel(levelId);
  if (!level) return { ok: false, reason: "notFound" };
  const named = await defaultItemNamer();
  return db()
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom("syllabus_items")
        .select("id")
        .where("level_id", "=", levelId)
        .limit(1)
        .executeTakeFirst();
      if (existing) return { ok: false, reason: "notEmpty" } as const;
      const items = defaultSyllabus(levelId, level.age).map((it, i) => ({
        level_id: levelId,
        ...it,
        item_name: named(it.item_name),
        position: i + 1,
      }));
      await trx.insertInto("syllabus_items").values(items).execute();
      await audit(userId, "syllabus.defaults_created", "level", levelId, { items: items.length }, trx);
      return { ok: true, created: items.length } as const;
    });
}

/**
 * Copies a level's syllabus into a course's grading items, inside the
 * caller's transaction (a new course). Existing gradebooks are never touched.
 */
export async function copySyllabusToCourse(trx: Trx, levelId: number, courseId: number) {
  const items = await trx
    .selectFrom("syllabus_items")
    .select(["item_name", "category", "position", "id"])
    .where("level_id", "=", levelId)
    .execute();
  const ordered = bySyllabusOrder(items);
  if (ordered.length === 0) return 0;
  await trx
    .insertInto("grading_items")
    .values(
      ordered.map((it, i) => ({
        course_id: courseId,
        item_name: it.item_name,
        category: it.category,
        position: i + 1,
      })),
    )
    .execute();
  return ordered.length;
}
