import fc from "fast-check";
import { sql } from "kysely";
import { database, db } from "~/db/kysely.server";
import { type Database } from "~/db/schema";

// Generated bad input (issue 10, part 2): hostile values, forms built around a
// valid one, and a log of every row written (by triggers in the test database)
// to prove a refused request wrote nothing and an accepted one wrote whole.
// Used by tests/integration/fuzz*.test.ts.

// ---------------------------------------------------------------------------
// Values

/** Strings that have broken systems like this one: markup, SQL, CSV formulas, paths. */
export const INJECTIONS: readonly string[] = [
  // markup and templates
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{7*7}}${7*7}<%= 7*7 %>",
  // SQL and LIKE patterns
  "' OR '1'='1",
  "'; DROP TABLE students; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "' UNION SELECT password_hash FROM users --",
  "%",
  "_",
  "\\",
  "%_\\%",
  // spreadsheet formulas
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","x")',
  "+1+1",
  "-2+3",
  "@SUM(1+1)",
  // paths, URLs, protocol-relative redirects
  "../../../../etc/passwd",
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
];

/** Text that breaks encodings, databases and layouts: RTL, emoji, combining marks, NUL, lone surrogates, blanks. */
export const ODD_TEXT: readonly string[] = [
  // unicode: RTL override, Arabic, emoji, combining marks, NUL, zero-width, BOM, line separators
  "\u202Egnp.exe",
  "مرحبا بالعالم",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "e\u0301\u0301\u0301\u0301\u0301",
  "Z̴̡̛̲͉̓a̸̧̖̓l̷̗̈́g̶̣̈o̶̰͠",
  "a\u0000b",
  "\u0000",
  "\u200B\u200C\u200D\uFEFF",
  "line\r\nbreak\u2028sep\u2029",
  "\uFFFF\uFFFE",
  "\uD800",
  "İıſK",
  // blanks
  "",
  " ",
  "\t\n\r",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "__proto__",
];

export const NASTY: readonly string[] = [...INJECTIONS, ...ODD_TEXT];

/** Numbers as text: huge, negative, fractions, exponents, hex, other scripts' digits. */
export const NUMBERS: readonly string[] = [
  "0",
  "-1",
  "-0",
  "1.5",
  "1e3",
  "1e21",
  "1e308",
  "-1e308",
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b101",
  " 42 ",
  "42abc",
  "١٢٣",
  "１２３",
];

/** Dates that are not: impossible days, wrong shapes, far years. */
export const DATES: readonly string[] = [
  "2026-02-30",
  "2026-02-29",
  "2026-13-01",
  "2026-00-10",
  "0000-00-00",
  "0001-01-01",
  "9999-12-31",
  "2026-1-1",
  "20260101",
  "2026/01/05",
  "05-01-2026",
  "2026-01-05T25:00:00Z",
  "+275760-09-13",
  "1899-12-31",
];

/** Form field names nobody sent: prototypes, other tables' columns, array and object syntax. */
export const FIELD_NAMES: readonly string[] = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "intent",
  "role",
  "status",
  "user_id",
  "password_hash",
  "created_by",
  "decided_by",
  "student_ids[]",
  "student_ids[0]",
  "a.b.c",
  "_data",
  "redirectTo",
  "",
];

/** Sort and filter parameters of the app's lists and pages, and some that exist nowhere. */
export const QUERY_NAMES: readonly string[] = [
  "page",
  "limit",
  "sort",
  "dir",
  "q",
  "role",
  "status",
  "level",
  "age",
  "type",
  "schedule",
  "professor",
  "phase",
  "when",
  "term",
  "week",
  "date",
  "from",
  "to",
  "actor",
  "entity",
  "edit",
  "delete",
  "confirm",
  "remove",
  "unenroll",
  "id",
  "student",
  "all",
  "layout",
  "redirectTo",
  "course",
  "kind",
  "status_level_change",
  "index",
  // columns that do not exist, and SQL in the name
  "password_hash",
  "sort[]",
  "order",
  "orderBy",
  "1;DROP TABLE users",
  "students.id",
  "__proto__",
];

/** Sort keys: real columns of other tables, SQL, and nonsense. */
export const SORT_VALUES: readonly string[] = [
  "name",
  "last_name",
  "id",
  "grade",
  "final",
  "password_hash",
  "users.password_hash",
  "no_such_column",
  "id; DROP TABLE students",
  "1",
  "-1",
  "(select 1)",
  "random()",
  "asc",
  "desc",
  "ASC NULLS FIRST",
  "",
];

const longText = fc
  .constantFrom(61, 101, 201, 255, 1001, 5000, 70_000)
  .chain((n) => fc.constantFrom("A", "é", "😀", "<b>", "'", "%").map((unit) => unit.repeat(n)));

/** Any one hostile string. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATES) },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.constantFrom(...NASTY, ...NUMBERS)).map(([a, b]) => a + b),
  },
);

/** A value for a field: usually hostile, sometimes one of the field's own good values (to go deeper). */
export function fieldValue(good: readonly string[] = []): fc.Arbitrary<string> {
  return good.length
    ? fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: fc.constantFrom(...good) })
    : hostileText;
}

/** JSON of the wrong type: numbers out of range, nulls, arrays, objects, booleans, deep nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[1]], { $gt: "" }, { from: 1, to: 2 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), hostileText), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.constant(1), { minLength: 201, maxLength: 1000 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------
// Forms

export type FormValue = string | readonly string[];
export type Form = Record<string, FormValue>;
export type Entries = [string, string][];

/** What happens to one field of the valid form. */
type FieldMove = "keep" | "hostile" | "drop" | "twice" | "blank";

function applyMove(name: string, values: readonly string[], move: FieldMove, value: string): Entries {
  switch (move) {
    case "keep":
      return values.map((x) => [name, x]);
    case "hostile":
      return [[name, value]];
    case "drop":
      return [];
    case "twice":
      return [...values.map((x): [string, string] => [name, x]), [name, value]];
    case "blank":
      return [[name, ""]];
  }
}

/**
 * A form built around a valid one. Mostly one field is changed (replaced by
 * a hostile value, dropped, sent twice or blanked) and the others stay valid,
 * so the hostile value gets past validation of the rest and reaches the code
 * behind it; sometimes every field is changed at random. Plus, now and then,
 * fields nobody asked for. `good` lists more good values per field.
 */
export function mutatedForm(base: Form, good: Record<string, readonly string[]> = {}): fc.Arbitrary<Entries> {
  const names = Object.keys(base);
  const valuesOf = (name: string) => (Array.isArray(base[name]) ? (base[name] as string[]) : [base[name] as string]);
  const valueArb = (name: string) => fieldValue([...valuesOf(name), ...(good[name] ?? [])]);
  const change = fc.constantFrom<FieldMove>("hostile", "hostile", "hostile", "hostile", "drop", "twice", "blank");
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Entries>([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), hostileText),
        { minLength: 1, maxLength: 3 },
      ),
    },
  );
  const oneField: fc.Arbitrary<Entries> = names.length
    ? fc
        .constantFrom(...names)
        .chain((target) =>
          fc
            .tuple(change, valueArb(target))
            .map(([m, v]) => names.flatMap((name) => applyMove(name, valuesOf(name), name === target ? m : "keep", v))),
        )
    : fc.constant([]);
  const anyFields: fc.Arbitrary<Entries> = fc
    .tuple(
      ...names.map((name) =>
        fc.tuple(
          fc.constantFrom<FieldMove>("keep", "keep", "keep", "hostile", "hostile", "drop", "twice", "blank"),
          valueArb(name),
        ),
      ),
    )
    .map((moves) => names.flatMap((name, i) => applyMove(name, valuesOf(name), moves[i][0], moves[i][1])));
  const unchanged = fc.constant<Entries>(names.flatMap((name) => applyMove(name, valuesOf(name), "keep", "")));
  return fc
    .tuple(
      fc.oneof(
        { weight: 1, arbitrary: unchanged },
        { weight: 4, arbitrary: oneField },
        { weight: 1, arbitrary: anyFields },
      ),
      extra,
    )
    .map(([fields, more]) => [...fields, ...more]);
}

/** A JSON object built around a valid one, with values of any type. */
export function mutatedJson(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(base);
  const move = fc.constantFrom("keep", "keep", "hostile", "hostile", "drop");
  const fieldArbs = names.map((name) =>
    fc.tuple(move, hostileJson).map(([m, v]) => (m === "keep" ? [name, base[name]] : m === "drop" ? null : [name, v])),
  );
  const extra = fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES, "reason", "from_course_id"), hostileJson), {
    maxLength: 3,
  });
  return fc.tuple(fc.tuple(...fieldArbs), extra).map(([fields, more]) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f) out[f[0] as string] = f[1];
    for (const [k, v] of more)
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** Query strings: known and unknown parameters with hostile values, sort keys naming columns that do not exist. */
export const hostileQuery: fc.Arbitrary<Entries> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...QUERY_NAMES), hostileText) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom("sort", "dir", "order"), fc.constantFrom(...SORT_VALUES)) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), hostileText) },
  ),
  { maxLength: 6 },
);

/** A route parameter ($id, $token, $file, $step): hostile, or one of its good values. */
export function routeParam(good: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...NUMBERS), hostileText) },
  );
}

/** The entries of a form as a browser posts it (array values as repeated fields). */
export function formEntries(form: Form): Entries {
  return Object.entries(form).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v as string]],
  );
}

// ---------------------------------------------------------------------------
// Bodies

/** How a form is sent: as a browser does, or as a hostile client might. */
export type Encoding = "urlencoded" | "multipart" | "json" | "text" | "none";

export const formEncoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Encoding>("urlencoded") },
  { weight: 1, arbitrary: fc.constantFrom<Encoding>("multipart", "json", "text", "none") },
);

export function encodeBody(entries: Entries, encoding: Encoding): { contentType?: string; body?: BodyInit } {
  switch (encoding) {
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [k, v] of entries) params.append(k, v);
      return { contentType: "application/x-www-form-urlencoded", body: params.toString() };
    }
    case "multipart": {
      const fd = new FormData();
      // A file where text is expected, now and then.
      entries.forEach(([k, v], i) => (i % 3 === 2 ? fd.append(k, new Blob([v]), "x.txt") : fd.append(k, v)));
      return { body: fd };
    }
    case "json":
      return { contentType: "application/json", body: JSON.stringify(Object.fromEntries(entries)) };
    case "text":
      return { contentType: "text/plain", body: entries.map(([k, v]) => `${k}=${v}`).join("\n") };
    case "none":
      return {};
  }
}

// ---------------------------------------------------------------------------
// The database, before and after

export type Table = keyof Database;

/** Each table's primary key (its rows are compared by it). */
const KEYS: Record<Table, readonly string[]> = {
  users: ["id"],
  sessions: ["id"],
  login_attempts: ["id"],
  students: ["id"],
  registrations: ["id"],
  registration_drafts: ["token_hash"],
  courses: ["id"],
  enrollments: ["id"],
  holidays: ["id"],
  syllabus_items: ["id"],
  grading_items: ["id"],
  grades: ["id"],
  attendance: ["id"],
  absence_counts: ["student_id", "course_id"],
  student_counts: ["status"],
  transfers: ["id"],
  transfer_students: ["transfer_id", "student_id"],
  grade_bands: ["id"],
  audit_log: ["id"],
  settings: ["key"],
  password_tokens: ["token_hash"],
  certificates: ["id"],
  menu_bookmarks: ["id"],
  menu_pins: ["user_id", "item_id"],
  stored_images: ["name"],
  outbox: ["id"],
  absence_warnings: ["student_id", "course_id", "threshold"],
  certificate_retired_codes: ["code"],
  verify_lookups: ["id"],
};

export const TABLES = Object.keys(KEYS) as Table[];

/** Columns that change on reads by design (a session's last use). */
const VOLATILE: Partial<Record<Table, readonly string[]>> = { sessions: ["last_seen_at"] };

export type Row = Record<string, unknown>;

function rowKey(table: Table, row: Row) {
  return KEYS[table].map((k) => String(row[k])).join("|");
}

const LOG = "fuzz_changes";

/**
 * Records every committed row change of the app's tables (old and new row as
 * JSON) in a table of the test database, by triggers: a request's writes are
 * then read back in one query instead of comparing whole tables. A rolled-back
 * transaction leaves nothing in the log, as it leaves nothing in the tables.
 * Call once per test file, after the database is ready.
 */
export async function watchWrites() {
  if (database().dialect === "postgres") {
    await sql`create table ${sql.table(LOG)} (seq serial primary key, tbl text not null, op text not null, old json, new json)`.execute(
      db(),
    );
    await sql`create function fuzz_log() returns trigger language plpgsql as $$
      begin
        insert into fuzz_changes (tbl, op, old, new) values (
          TG_TABLE_NAME, left(TG_OP, 1),
          case when TG_OP <> 'INSERT' then row_to_json(OLD) end,
          case when TG_OP <> 'DELETE' then row_to_json(NEW) end);
        return null;
      end $$`.execute(db());
    for (const t of TABLES) {
      await sql`create trigger ${sql.raw(`fuzz_${t}`)} after insert or update or delete on ${sql.table(t)} for each row execute function fuzz_log()`.execute(
        db(),
      );
    }
    return;
  }
  await sql`create table ${sql.table(LOG)} (seq integer primary key, tbl text not null, op text not null, old text, new text)`.execute(
    db(),
  );
  for (const t of TABLES) {
    const columns = (
      await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${t})`.execute(db())
    ).rows;
    // JSON holds no BLOB (stored_images.bytes): such a column is logged as its hex.
    const value = (alias: string, c: { name: string; type: string }) =>
      c.type.toLowerCase() === "blob" ? `hex(${alias}."${c.name}")` : `${alias}."${c.name}"`;
    const json = (alias: "old" | "new") =>
      `json_object(${columns.map((c) => `'${c.name}', ${value(alias, c)}`).join(", ")})`;
    await sql
      .raw(
        `create trigger fuzz_${t}_i after insert on "${t}" begin insert into ${LOG} (tbl, op, old, new) values ('${t}', 'I', null, ${json("new")}); end`,
      )
      .execute(db());
    await sql
      .raw(
        `create trigger fuzz_${t}_u after update on "${t}" begin insert into ${LOG} (tbl, op, old, new) values ('${t}', 'U', ${json("old")}, ${json("new")}); end`,
      )
      .execute(db());
    await sql
      .raw(
        `create trigger fuzz_${t}_d after delete on "${t}" begin insert into ${LOG} (tbl, op, old, new) values ('${t}', 'D', ${json("old")}, null); end`,
      )
      .execute(db());
  }
}

/** Where the log stands now: `writesSince(mark)` reports what is written after this (a read, so no commit to wait for). */
export async function writeMark(): Promise<number> {
  const row = (await sql<{ n: number | string | null }>`select max(seq) as n from ${sql.table(LOG)}`.execute(db()))
    .rows[0];
  return Number(row.n ?? 0);
}

export interface TableDiff {
  added: Row[];
  removed: Row[];
  changed: { before: Row; after: Row }[];
}
export type Diff = Partial<Record<Table, TableDiff>>;

const same = (a: Row, b: Row) => JSON.stringify(a) === JSON.stringify(b);

/** A logged row: JSON text on SQLite, already an object on PostgreSQL. */
function parsed(v: unknown): Row | null {
  if (v === null || v === undefined) return null;
  return (typeof v === "string" ? JSON.parse(v) : v) as Row;
}

function withoutVolatile(table: Table, row: Row | null) {
  if (!row) return row;
  const copy = { ...row };
  for (const c of VOLATILE[table] ?? []) delete copy[c];
  return copy;
}

/** The net change of each row written since `mark`, by table (tables without changes are left out). */
export async function writesSince(mark: number): Promise<Diff> {
  const log = (
    await sql<{
      tbl: Table;
      old: unknown;
      new: unknown;
    }>`select tbl, old, new from ${sql.table(LOG)} where seq > ${mark} order by seq`.execute(db())
  ).rows;
  // First "before" and last "after" of each row: a row added then removed is no change.
  const rows = new Map<string, { table: Table; before: Row | null; after: Row | null }>();
  for (const entry of log) {
    const before = withoutVolatile(entry.tbl, parsed(entry.old));
    const after = withoutVolatile(entry.tbl, parsed(entry.new));
    const key = `${entry.tbl}:${rowKey(entry.tbl, (after ?? before) as Row)}`;
    const seen = rows.get(key);
    if (seen) seen.after = after;
    else rows.set(key, { table: entry.tbl, before, after });
  }
  const out: Diff = {};
  for (const { table, before, after } of rows.values()) {
    if (before && after && same(before, after)) continue;
    if (!before && !after) continue;
    const d = (out[table] ??= { added: [], removed: [], changed: [] });
    if (!before) d.added.push(after as Row);
    else if (!after) d.removed.push(before);
    else d.changed.push({ before, after });
  }
  return out;
}

/** The tables of a diff outside `allowed`. */
export function changedOutside(d: Diff, allowed: readonly Table[]): Table[] {
  return (Object.keys(d) as Table[]).filter((t) => !allowed.includes(t));
}

/**
 * Rules that hold after any request, accepted or not: a half-written change
 * breaks one of them (a transfer without students, a course whose weights do
 * not add up, a decided registration without its decision...).
 */
export async function brokenRules(): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql<{ n: number | string }>>][] = [
    [
      "transfer without students",
      sql`select count(*) as n from transfers t where not exists (select 1 from transfer_students s where s.transfer_id = t.id)`,
    ],
    [
      "course weights not adding up to 100",
      sql`select count(*) as n from courses where assig_percentage + test_percentage + exam_percentage <> 100`,
    ],
    ["course ending before it starts", sql`select count(*) as n from courses where end_date <= start_date`],
    ["grade outside 0-100", sql`select count(*) as n from grades where grade < 0 or grade > 100`],
    ["holiday ending before it starts", sql`select count(*) as n from holidays where end_date < start_date`],
    ["band with min above max", sql`select count(*) as n from grade_bands where min > max or min < 0 or max > 100`],
    [
      "approved registration without its student",
      sql`select count(*) as n from registrations where status = 'approved' and (student_id is null or not exists (select 1 from students s where s.id = registrations.student_id))`,
    ],
    [
      "decided registration without decider",
      sql`select count(*) as n from registrations where status <> 'pending' and decided_at is null`,
    ],
    [
      "decided transfer without decider",
      sql`select count(*) as n from transfers where status <> 'pending' and decided_at is null`,
    ],
    [
      "two open enrollments of one student in one course",
      sql`select count(*) as n from (select student_id, course_id from enrollments where end_date is null group by student_id, course_id having count(*) > 1) x`,
    ],
    [
      "two attendance rows for one student and session",
      sql`select count(*) as n from (select course_id, session_date, student_id from attendance group by course_id, session_date, student_id having count(*) > 1) x`,
    ],
    [
      "syllabus positions repeated within a level",
      sql`select count(*) as n from (select level_id, position from syllabus_items group by level_id, position having count(*) > 1) x`,
    ],
    [
      "grading item positions repeated within a course",
      sql`select count(*) as n from (select course_id, position from grading_items group by course_id, position having count(*) > 1) x`,
    ],
  ];
  const broken: string[] = [];
  // One round trip for all of them.
  const counts = (
    await sql<
      Record<string, number | string>
    >`select ${sql.join(checks.map(([, q], i) => sql`(${q}) as ${sql.ref(`c${i}`)}`))}`.execute(db())
  ).rows[0];
  checks.forEach(([name], i) => {
    const n = Number(counts[`c${i}`]);
    if (n > 0) broken.push(`${name} (${n})`);
  });
  if (database().dialect === "sqlite") {
    const fk = await sql<Row>`pragma foreign_key_check`.execute(db());
    if (fk.rows.length) broken.push(`foreign keys: ${JSON.stringify(fk.rows.slice(0, 3))}`);
  }
  return broken;
}

// ---------------------------------------------------------------------------
// Answers

/** Text an answer must never show: driver errors, stack traces, validator internals. */
const LEAKS =
  /SQLITE_|syntax error at|violates .* constraint|ZodError|node_modules|at [\w.<>]+ \(.*:\d+:\d+\)|invalid input syntax/i;

/** What is wrong with an answer to bad input, or null: a 5xx, an off-site redirect, leaked internals. */
export async function unsound(response: Response): Promise<string | null> {
  if (response.status >= 500) return `status ${response.status}: ${(await response.clone().text()).slice(0, 300)}`;
  const location = response.headers.get("Location");
  if (location !== null && (!location.startsWith("/") || location.startsWith("//") || location.startsWith("/\\"))) {
    return `redirect off the site: ${location}`;
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json") || type.startsWith("text/")) {
    const text = await response.clone().text();
    if (LEAKS.test(text)) return `internals in the answer: ${text.slice(0, 300)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Runs

/** Every input tried in this file, for the count printed at the end (docs/security.md). */
export const tried = { inputs: 0, accepted: 0, refused: 0 };

/** FUZZ_SEED reproduces a run (fast-check prints the seed and path of a failure); FUZZ_RUNS scales the runs. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261110);
export const FUZZ_SCALE = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1) || 1);

/** fast-check's options for one property: a fixed seed per property name, `runs` scaled by FUZZ_RUNS. */
export function fuzzOptions(name: string, runs: number): fc.Parameters<unknown> {
  let h = FUZZ_SEED;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return { seed: h, numRuns: Math.max(1, Math.round(runs * FUZZ_SCALE)) };
}
