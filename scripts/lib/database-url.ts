import fs from "node:fs";

// DATABASE_URL as app/db/kysely.server.ts's connect() reads it: postgres://…
// for PostgreSQL, anything else a SQLite file (`file:` optional).

export function isPostgres(url: string | null | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The file of a SQLite DATABASE_URL. */
export const sqliteFileOf = (url: string) => url.replace(/^file:(\/\/)?/, "");

/** A database URL fit to print (no password). */
export const printable = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

/** A SQLite file and its companions (WAL, shared memory, journal), deleted. */
export function removeSqlite(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}
