import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { SEARCH_COUNT_CAP } from "~/modules/students/students.server";
import * as listRoute from "~/routes/_app.admin.students._index";
import { useTestDatabase } from "../helpers/db";
import { callLoader, createUser, request, signIn } from "../helpers/fixtures";
import { studentRow } from "../helpers/rows";

useTestDatabase();

// ADR 052: a search of the students list counts its matches up to
// SEARCH_COUNT_CAP (or up to the page asked for); past it the list says
// "more than" and keeps its next page. Filters without a search count exactly.

const MATCHING = SEARCH_COUNT_CAP + 10;
let cookie: string;

beforeAll(async () => {
  cookie = await signIn((await createUser({ role: "admin_staff" })).email);
  const rows = Array.from({ length: MATCHING + 5 }, (_, i) => {
    const n = String(i).padStart(5, "0");
    return studentRow({
      // The last five do not match the search.
      first_name: i < MATCHING ? `Zebulon${n}` : `Other${n}`,
      last_name: `Cap${n}`,
      id_number: `18${n.padStart(8, "0")}`,
      email: `cap${n}@example.com`,
    });
  });
  for (let i = 0; i < rows.length; i += 200)
    await db()
      .insertInto("students")
      .values(rows.slice(i, i + 200))
      .execute();
});

async function list(query: string) {
  const response = await callLoader(listRoute, request(`/admin/students${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as { rows: { first_name: string }[]; total: number; more: boolean; page: number };
}

describe("the students list's search count (ADR 052)", () => {
  it("counts up to the cap and says there are more, with full pages up to it", async () => {
    const first = await list("?q=zebulon");
    expect([first.total, first.more, first.rows.length]).toEqual([SEARCH_COUNT_CAP, true, 25]);
    const last = await list(`?q=zebulon&page=${SEARCH_COUNT_CAP / 25}`);
    expect([last.total, last.more, last.rows.length]).toEqual([SEARCH_COUNT_CAP, true, 25]);
    expect(last.rows[0].first_name).toBe(`Zebulon${String(SEARCH_COUNT_CAP - 25).padStart(5, "0")}`);
  });

  it("past the cap counts up to the page asked for: the last page has the exact count", async () => {
    const past = await list(`?q=zebulon&page=${SEARCH_COUNT_CAP / 25 + 1}`);
    expect([past.total, past.more, past.rows.length]).toEqual([MATCHING, false, 10]);
  });

  it("a search under the cap and a list without a search count exactly", async () => {
    const few = await list("?q=zebulon0000");
    expect([few.total, few.more]).toEqual([10, false]);
    const all = await list("?status=active");
    expect([all.total, all.more]).toEqual([MATCHING + 5, false]);
  });
});
