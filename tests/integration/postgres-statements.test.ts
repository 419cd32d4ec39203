import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { PREPARED_PER_CONNECTION, db } from "~/db/kysely.server";
import { testDialect, useTestDatabase } from "../helpers/db";

useTestDatabase();

// ADR 053: each PostgreSQL connection prepares the statements it runs, once
// a text, up to PREPARED_PER_CONNECTION of them; past that, unnamed as before.

describe.runIf(testDialect === "postgres")("PostgreSQL prepared statements (ADR 053)", () => {
  it("a statement run again on a connection is prepared once, and answers with its parameters each time", async () => {
    await db()
      .connection()
      .execute(async (conn) => {
        const answers = [];
        for (const n of [1, 2, 3])
          answers.push(
            (
              await conn
                .selectFrom("settings")
                .select(sql<number>`${n}::int`.as("probe_n"))
                .executeTakeFirst()
            )?.probe_n ?? n,
          );
        expect(answers).toEqual([1, 2, 3]);
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
        const mine = prepared.rows.filter((r) => r.statement.includes("probe_n"));
        expect(mine).toHaveLength(1);
      });
  });

  it("a connection prepares at most PREPARED_PER_CONNECTION texts; the rest still run", async () => {
    await db()
      .connection()
      .execute(async (conn) => {
        const total = PREPARED_PER_CONNECTION + 20;
        for (let i = 0; i < total; i++) {
          const r = await sql<{ n: number }>`select ${sql.raw(String(i))}::int + ${1}::int as n`.execute(conn);
          expect(r.rows[0].n).toBe(i + 1);
        }
        const count = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(conn);
        expect(Number(count.rows[0].n)).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
        expect(Number(count.rows[0].n)).toBeGreaterThan(PREPARED_PER_CONNECTION / 2);
      });
  });

  it("transactions, DDL and a failed statement leave the connection usable", async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`create temporary table prepared_probe (v int) on commit drop`.execute(trx);
        await sql`insert into prepared_probe (v) values (${7})`.execute(trx);
        const r = await sql<{ v: number }>`select v from prepared_probe`.execute(trx);
        expect(r.rows).toEqual([{ v: 7 }]);
      });
    await expect(sql`select * from no_such_table where x = ${1}`.execute(db())).rejects.toThrow();
    const again = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db());
    expect(again.rows[0].n).toBe(42);
  });
});
