import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "~/db/kysely.server";

describe("SQLite statement cache (kysely.server withStatementCache)", () => {
  const open = (size?: number) => {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (id integer primary key, v text); insert into t (v) values ('a'), ('b'), ('c')");
    return { sqlite, cache: withStatementCache(sqlite, size) };
  };

  it("prepares a SQL text once and answers with the same statement, with the same rows", () => {
    const { cache } = open();
    const first = cache.prepare("select v from t where id = ?");
    const again = cache.prepare("select v from t where id = ?");
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ v: "b" }]);
    expect(first.all([3])).toEqual([{ v: "c" }]);
  });

  it("hands a statement still being iterated to nobody else: a new one instead, both answer", () => {
    const { cache } = open();
    const text = "select v from t order by id";
    const iterating = cache.prepare(text);
    const rows = iterating.iterate();
    expect(rows.next().value).toEqual({ v: "a" });
    const other = cache.prepare(text);
    expect(other).not.toBe(iterating);
    expect(other.all()).toEqual([{ v: "a" }, { v: "b" }, { v: "c" }]);
    expect([...rows]).toEqual([{ v: "b" }, { v: "c" }]);
    // Done iterating: the kept one is handed out again.
    expect(cache.prepare(text)).toBe(iterating);
  });

  it("keeps at most its size, dropping the least recently used text", () => {
    const { cache } = open(2);
    const a = cache.prepare("select 1");
    const b = cache.prepare("select 2");
    expect(cache.prepare("select 1")).toBe(a); // "select 2" is now the oldest
    cache.prepare("select 3");
    expect(cache.prepare("select 1")).toBe(a);
    expect(cache.prepare("select 2")).not.toBe(b);
  });

  it("a kept statement follows a change of the schema", () => {
    const { sqlite, cache } = open();
    const text = "select * from t where id = 1";
    expect(cache.prepare(text).all()).toEqual([{ id: 1, v: "a" }]);
    sqlite.exec("alter table t add column w text default 'x'");
    expect(cache.prepare(text).all()).toEqual([{ id: 1, v: "a", w: "x" }]);
  });

  it("writes through a kept statement are written", () => {
    const { sqlite, cache } = open();
    const insert = "insert into t (v) values (?)";
    cache.prepare(insert).run(["d"]);
    cache.prepare(insert).run(["e"]);
    expect(sqlite.prepare("select count(*) as n from t").get()).toEqual({ n: 5 });
  });
});
