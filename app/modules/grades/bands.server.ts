import { sql } from "kysely";
import { database, db } from "~/db/kysely.server";
import { audit } from "~/modules/audit/audit.server";
import { type Band, overlappingBand } from "./bands";
import { type BandInput } from "./schema";

/** Every band, best first (bands are few: no paging). */
export async function listBands() {
  const rows = await db()
    .selectFrom("grade_bands")
    .select(["id", "name", "min", "max"])
    .orderBy("min", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, min: Number(r.min), max: Number(r.max) }));
}

export type BandOutcome =
  { ok: true; id: number } | { ok: false; reason: "notFound" } | { ok: false; reason: "overlap"; band: Band };

/**
 * Creates (id null) or updates a band unless its range overlaps another one.
 * The check and the write are one transaction; on PostgreSQL the table is
 * locked for writers so two overlapping saves at once cannot both pass.
 */
export async function saveBand(id: number | null, input: BandInput, userId: number): Promise<BandOutcome> {
  const postgres = database().dialect === "postgres";
  return db()
    .transaction()
    .execute(async (trx) => {
      if (postgres) await sql`lock table grade_bands in share row exclusive mode`.execute(trx);
      const bands = (await trx.selectFrom("grade_bands").select(["id", "name", "min", "max"]).execute()).map((b) => ({
        ...b,
        min: Number(b.min),
        max: Number(b.max),
      }));
      if (id !== null && !bands.some((b) => b.id === id)) return { ok: false, reason: "notFound" } as const;
      const clash = overlappingBand(input, bands, id ?? undefined);
      if (clash) return { ok: false, reason: "overlap", band: clash } as const;
      let savedId = id;
      if (id === null) {
        const row = await trx.insertInto("grade_bands").values(input).returning("id").executeTakeFirstOrThrow();
        savedId = row.id;
      } else {
        await trx.updateTable("grade_bands").set(input).where("id", "=", id).execute();
      }
      await audit(userId, id === null ? "grade_band.created" : "grade_band.updated", "grade_band", savedId, input, trx);
      return { ok: true, id: savedId! } as const;
    });
}

export async function deleteBand(
  id: number,
  userId: number,
): Promise<{ ok: true } | { ok: false; reason: "notFound" }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const band = await trx
        .selectFrom("grade_bands")
        .select(["name", "min", "max"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!band) return { ok: false, reason: "notFound" } as const;
      await trx.deleteFrom("grade_bands").where("id", "=", id).execute();
      await audit(
        userId,
        "grade_band.deleted",
        "grade_band",
        id,
        { name: band.name, min: Number(band.min), max: Number(band.max) },
        trx,
      );
      return { ok: true } as const;
    });
}
