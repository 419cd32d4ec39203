import { type Kysely, sql } from "kysely";
import { type DatabaseHandle } from "~/db/kysely.server";
import { type Database } from "~/db/schema";

// The database's own consistency check after a crash.
//
// SQLite: PRAGMA integrity_check (b-tree structure, index entries match their
// rows, NOT NULL and CHECK constraints) and PRAGMA foreign_key_check (every
// foreign key points at a row).
//
// PostgreSQL survives a client being killed by design (the transaction of a
// dropped connection is rolled back), so what we check is that this held:
//  - every foreign key of the schema holds, recomputed from the catalog with
//    one anti-join per constraint (a bug that bypassed constraints, or a
//    constraint left NOT VALID, would show here);
//  - amcheck, when the server has it: verify_heapam on every table (heap pages
//    and tuple headers) and bt_index_check(heapallindexed) on every B-tree
//    index (the index is well formed and holds exactly the table's rows, so
//    the counts through the index and through the table agree).

export interface IntegrityReport {
  ok: boolean;
  lines: string[];
}

export async function checkIntegrity(handle: DatabaseHandle): Promise<IntegrityReport> {
  return handle.dialect === "sqlite" ? checkSqlite(handle.db) : checkPostgres(handle.db);
}

async function checkSqlite(db: Kysely<Database>): Promise<IntegrityReport> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const messages = integrity.rows.map((r) => r.integrity_check);
  const foreign = await sql<{ table: string; rowid: number; parent: string }>`pragma foreign_key_check`.execute(db);
  const ok = messages.length === 1 && messages[0] === "ok" && foreign.rows.length === 0;
  const lines = [
    `PRAGMA integrity_check: ${messages.slice(0, 5).join("; ")}`,
    `PRAGMA foreign_key_check: ${foreign.rows.length} broken reference(s)` +
      (foreign.rows.length
        ? ` (${foreign.rows
            .slice(0, 5)
            .map((r) => `${r.table}#${r.rowid}→${r.parent}`)
            .join(", ")})`
        : ""),
  ];
  return { ok, lines };
}

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  child_columns: string[];
  parent_columns: string[];
  validated: boolean;
}

async function checkPostgres(db: Kysely<Database>): Promise<IntegrityReport> {
  const lines: string[] = [];
  let ok = true;

  const fks = await sql<ForeignKey>`
    select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
           c.convalidated as validated,
           array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_columns,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_columns
    from pg_constraint c join pg_namespace ns on ns.oid = c.connamespace
    where c.contype = 'f' and ns.nspname = current_schema()
    order by c.conname`.execute(db);
  let broken = 0;
  const brokenNames: string[] = [];
  for (const fk of fks.rows) {
    if (!fk.validated) {
      ok = false;
      brokenNames.push(`${fk.name} (NOT VALID)`);
    }
    const notNull = sql.join(
      fk.child_columns.map((c) => sql`ch.${sql.ref(c)} is not null`),
      sql` and `,
    );
    const matches = sql.join(
      fk.child_columns.map((c, i) => sql`p.${sql.ref(fk.parent_columns[i])} = ch.${sql.ref(c)}`),
      sql` and `,
    );
    const r = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(fk.child)} ch
      where ${notNull} and not exists (select 1 from ${sql.table(fk.parent)} p where ${matches})`.execute(db);
    const n = Number(r.rows[0].n);
    if (n) {
      ok = false;
      broken += n;
      brokenNames.push(`${fk.name}: ${n}`);
    }
  }
  lines.push(
    `foreign keys: ${fks.rows.length} constraints recomputed, ${broken} orphan row(s)${brokenNames.length ? ` (${brokenNames.join(", ")})` : ""}`,
  );

  const available = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'amcheck'`.execute(db);
  let amcheck = false;
  if (Number(available.rows[0].n)) {
    try {
      await sql`create extension if not exists amcheck`.execute(db);
      amcheck = true;
    } catch (error) {
      lines.push(`amcheck: not usable here (${(error as Error).message})`);
    }
  } else {
    lines.push("amcheck: not installed on this server (only the foreign-key check ran)");
  }
  if (amcheck) {
    const tables = await sql<{ oid: number; name: string }>`
      select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(db);
    let heapProblems = 0;
    for (const t of tables.rows) {
      const r = await sql<{ n: number }>`select count(*)::int as n from verify_heapam(${t.oid}::regclass)`.execute(db);
      heapProblems += Number(r.rows[0].n);
    }
    const indexes = await sql<{ oid: number; name: string }>`
      select c.oid::int as oid, c.relname as name from pg_class c
      join pg_namespace ns on ns.oid = c.relnamespace join pg_am am on am.oid = c.relam
      where ns.nspname = current_schema() and c.relkind = 'i' and am.amname = 'btree' order by c.relname`.execute(db);
    const badIndexes: string[] = [];
    for (const i of indexes.rows) {
      try {
        await sql`select bt_index_check(${i.oid}::regclass, true)`.execute(db);
      } catch (error) {
        badIndexes.push(`${i.name}: ${(error as Error).message}`);
      }
    }
    if (heapProblems || badIndexes.length) ok = false;
    lines.push(`amcheck verify_heapam: ${tables.rows.length} tables, ${heapProblems} problem(s)`);
    lines.push(
      `amcheck bt_index_check(heapallindexed): ${indexes.rows.length} indexes, ${badIndexes.length} failing${badIndexes.length ? ` (${badIndexes.slice(0, 3).join("; ")})` : ""}`,
    );
  }
  return { ok, lines };
}
