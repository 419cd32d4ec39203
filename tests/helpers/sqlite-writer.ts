// One writer process of tests/integration/sqlite-writers.test.ts: opens the
// database with the app's connect() (WAL, busy_timeout, BEGIN IMMEDIATE) and
// runs COUNT transactions that each read the counter, then write it back
// plus one, and add a row: the read-then-write a deferred BEGIN loses to
// another process's commit (SQLITE_BUSY at once, busy_timeout or not).
import { connect, sql } from "~/db/kysely.server";

const [url, countArg, name] = process.argv.slice(2);
const { db } = connect(url);
let failures = 0;
for (let i = 0; i < Number(countArg); i++) {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`select n from writers_counter where id = 1`.execute(trx);
      const n = Number(row.rows[0].n);
      await sql`update writers_counter set n = ${n + 1} where id = 1`.execute(trx);
      await sql`insert into writers_rows (writer, i) values (${name}, ${i})`.execute(trx);
    });
  } catch (error) {
    failures += 1;
    console.error(`${name} #${i}: ${(error as Error).message}`);
  }
}
await db.destroy();
console.log(JSON.stringify({ name, failures }));
