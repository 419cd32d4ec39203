import { readFileSync, readdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { dbRows } from "./db";
import { jsEnabled, signInByForm } from "./helpers";

// Issue 20: every page, for every role, in each language but English, shows
// none of the app's own English words. The vocabulary is the English of
// translation keys for the app's domain words (PASS, FAIL, the statuses,
// Present, Students, Course…) and the names the app creates (level names,
// default bands and syllabus items); a word is looked for only in a language
// whose own translation of it differs (French writes "Excellent" too). What
// the school typed (names, notes, holiday and band names, item names…) is
// taken out of the page's text first: it stays as typed. A read-only crawl of
// every page in each language, half of the languages with JavaScript (the
// page as hydrated), the other half without (as the server renders it): the
// words are the same in both, and a crawl costs minutes (ADR 058).

const LANGUAGES = ["zh", "ar", "nl", "es", "fr", "pt"] as const;
type Lang = (typeof LANGUAGES)[number];
/** The languages the js project crawls; nojs crawls the others. */
const WITH_JAVASCRIPT: readonly Lang[] = ["zh", "ar", "es"];

/** namespace:key of the app's own words; their English is the vocabulary. */
const VOCABULARY_KEYS = [
  "common:grading.pass",
  "common:grading.fail",
  "common:grading.notReported",
  "common:grading.bands.excellent",
  "common:grading.bands.veryGood",
  "common:grading.bands.good",
  "common:appNames.levels.b2UpperIntermediate",
  "common:appNames.levels.privateClasses",
  "common:statuses.registration.pending",
  "common:statuses.registration.approved",
  "common:statuses.registration.rejected",
  "common:statuses.student.active",
  "common:statuses.student.inactive",
  "common:menu.dashboard",
  "common:menu.students",
  "common:menu.courses",
  "common:menu.teachers",
  "common:menu.holidays",
  "common:roles.professor",
  "common:registrations.approve",
  "common:registrations.reject",
  "attendance:values.present",
  "attendance:values.absent",
  "attendance:values.late",
  "attendance:values.recovered",
  "attendance:take.title",
  "gradebook:gradebook.title",
  "gradebook:categories.assignments",
  "gradebook:categories.progressTests",
  "common:appNames.modules.reading",
  "common:appNames.modules.writing",
  "common:appNames.modules.listening",
  "common:appNames.modules.speaking",
  "students:columns.absences",
  "students:enrollments.course",
  "courses:fields.enrolled",
  "users:audit.system",
];

/** The default syllabus items' English stems (their translation has a number in it). */
const ITEM_STEMS: [key: string, english: string][] = [
  ["common:appNames.items.assignment", "Assignment"],
  ["common:appNames.items.progressTest", "Progress Test"],
];

function lookup(lng: string, nsKey: string): string | undefined {
  const [ns, key] = nsKey.split(":");
  const file = JSON.parse(readFileSync(`public/locales/${lng}/${ns}.json`, "utf8")) as Record<string, unknown>;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file);
  return typeof value === "string" ? value : undefined;
}

/** The English words to look for in one language (those it translates differently). */
function vocabulary(lng: Lang): string[] {
  const words = new Set<string>();
  for (const nsKey of VOCABULARY_KEYS) {
    const en = lookup("en", nsKey);
    expect(en, `en ${nsKey}`).toBeTruthy();
    if (en && !lookup(lng, nsKey)?.includes(en)) words.add(en);
  }
  for (const [nsKey, stem] of ITEM_STEMS) if (!lookup(lng, nsKey)?.includes(stem)) words.add(stem);
  return [...words];
}

/** Everything the school (or the demo data, or other specs) typed: shown as typed, so never counted. */
function typedBySchool(): string[] {
  const column = (sql: string) => dbRows<{ v: string | null }>(sql).map((r) => r.v ?? "");
  return [
    ...column("SELECT name AS v FROM users"),
    ...column("SELECT first_name || ' ' || last_name AS v FROM students"),
    ...column("SELECT notes AS v FROM students"),
    ...column("SELECT first_name || ' ' || last_name AS v FROM registrations"),
    ...column("SELECT message AS v FROM registrations"),
    ...column("SELECT reject_reason AS v FROM registrations"),
    ...column("SELECT reason AS v FROM transfers"),
    ...column("SELECT name AS v FROM holidays"),
    ...column("SELECT name AS v FROM grade_bands"),
    ...column("SELECT item_name AS v FROM grading_items"),
    ...column("SELECT item_name AS v FROM syllabus_items"),
    ...column("SELECT course_id AS v FROM courses"),
    ...column("SELECT value AS v FROM settings"),
    ...column("SELECT label AS v FROM menu_bookmarks"),
  ]
    .filter((v) => v.trim().length > 0)
    .sort((a, b) => b.length - a.length);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page's visible text with what the school typed taken out, and the vocabulary words found in it. */
async function englishOn(page: Page, words: readonly string[], typed: readonly string[]) {
  let text = await page.locator("body").innerText();
  // The app's own names, when the school typed them as a name, count as typed (a band named "Good" is theirs)…
  // …except the default ones the app seeded and shows translated: those are not taken out.
  for (const t of typed) if (!words.includes(t)) text = text.split(t).join(" ");
  return words.filter((w) => new RegExp(`(^|[^\\p{L}])${escape(w)}($|[^\\p{L}])`, "u").test(text));
}

type Who = "anonymous" | "admin_staff" | "coordinator" | "receptionist" | "financial" | "professor" | "student";
const ACCOUNTS: Record<Exclude<Who, "anonymous">, string> = {
  admin_staff: "admin@school.test",
  coordinator: "coordinator@school.test",
  receptionist: "reception@school.test",
  financial: "finance@school.test",
  professor: "professor@school.test",
  student: "student@school.test",
};

// Every page (the route module it renders, as in a11y.spec.ts) and who sees it.
const STAFF: Who[] = ["admin_staff", "coordinator", "receptionist", "financial"];
const PAGES: { route: string; path: string; who: Who[] }[] = [
  { route: "authentication.login", path: "/authentication/login", who: ["anonymous"] },
  { route: "authentication.set-password.$token", path: "/authentication/set-password/x", who: ["anonymous"] },
  { route: "students-registration.$step", path: "/students-registration/personal", who: ["anonymous"] },
  { route: "404", path: "/404", who: ["anonymous"] },
  { route: "$", path: "/no-such-page", who: ["anonymous", ...STAFF] },
  { route: "_app.dashboard", path: "/dashboard", who: STAFF },
  { route: "_app.profile", path: "/profile", who: [...STAFF, "professor"] },
  { route: "_app.admin.students._index", path: "/admin/students", who: STAFF },
  { route: "_app.admin.students.$id", path: "/admin/students/{student}", who: STAFF },
  { route: "_app.admin.students.$id_.edit", path: "/admin/students/{student}/edit", who: ["admin_staff"] },
  { route: "_app.admin.students.new", path: "/admin/students/new", who: ["admin_staff"] },
  { route: "_app.admin.registered-students._index", path: "/admin/registered-students", who: ["admin_staff"] },
  {
    route: "_app.admin.registered-students.$id",
    path: "/admin/registered-students/{registration}",
    who: ["admin_staff"],
  },
  { route: "_app.admin.transfer-students._index", path: "/admin/transfer-students", who: STAFF },
  { route: "_app.admin.transfer-students.new", path: "/admin/transfer-students/new", who: ["admin_staff"] },
  {
    route: "_app.admin.transfer-students.$id.edit",
    path: "/admin/transfer-students/{transfer}/edit",
    who: ["admin_staff"],
  },
  { route: "_app.admin.courses._index", path: "/admin/courses", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.courses.new", path: "/admin/courses/new", who: ["admin_staff"] },
  { route: "_app.admin.courses.$id", path: "/admin/courses/{course}", who: ["admin_staff", "coordinator"] },
  { route: "_app.admin.courses.$id_.edit", path: "/admin/courses/{course}/edit", who: ["admin_staff"] },
  { route: "_app.admin.courses.$id_.report", path: "/admin/courses/{course}/report", who: ["coordinator"] },
  { route: "_app.admin.courses.$id_.certificates", path: "/admin/courses/{course}/certificates", who: ["coordinator"] },
  { route: "certificates.verify._index", path: "/certificates/verify", who: ["anonymous"] },
  { route: "certificates.verify.$code", path: "/certificates/verify/CERT-DEMX-2468", who: ["anonymous"] },
  { route: "_app.admin.syllabus", path: "/admin/syllabus?level=5", who: ["coordinator"] },
  { route: "_app.admin.holidays", path: "/admin/holidays", who: ["coordinator"] },
  { route: "_app.admin.grade-bands", path: "/admin/grade-bands", who: ["coordinator"] },
  { route: "_app.admin.teachers", path: "/admin/teachers", who: ["receptionist"] },
  { route: "_app.coordinator.professors", path: "/coordinator/professors", who: ["coordinator"] },
  { route: "_app.coordinator.faq", path: "/coordinator/faq", who: ["coordinator"] },
  { route: "_app.admin.users._index", path: "/admin/users", who: ["admin_staff"] },
  { route: "_app.admin.users.new", path: "/admin/users/new", who: ["admin_staff"] },
  { route: "_app.admin.users.$id", path: "/admin/users/{user}", who: ["admin_staff"] },
  { route: "_app.admin.audit", path: "/admin/audit", who: ["admin_staff"] },
  { route: "_app.admin.outbox", path: "/admin/outbox", who: ["admin_staff"] },
  { route: "_app.admin.settings", path: "/admin/settings", who: ["admin_staff"] },
  { route: "_app.teachers._index", path: "/teachers", who: ["professor"] },
  { route: "_app.teachers.faq", path: "/teachers/faq", who: ["professor"] },
  { route: "_app.course.$id.home", path: "/course/{myCourse}/home", who: ["professor"] },
  { route: "_app.course.$id.attendance", path: "/course/{myCourse}/attendance", who: ["professor"] },
  { route: "_app.course.$id.gradebook", path: "/course/{myCourse}/gradebook", who: ["professor"] },
  { route: "_app.course.$id.student-report", path: "/course/{myCourse}/student-report", who: ["professor"] },
  { route: "_app.course.$id.holidays", path: "/course/{myCourse}/holidays", who: ["professor"] },
  { route: "_app.course.$id.faq", path: "/course/{myCourse}/faq", who: ["professor"] },
  { route: "_app.student._index", path: "/student", who: ["student"] },
  {
    route: "_app.student.courses.$id.attendance",
    path: "/student/courses/{portalCourse}/attendance",
    who: ["student"],
  },
  { route: "_app.student.courses.$id.grades", path: "/student/courses/{portalCourse}/grades", who: ["student"] },
];
const NOT_PAGES = new Set(["_app", "authentication", "_app.course.$id", "status"]);

const IDS: Record<string, { list: string; link: RegExp }> = {
  student: { list: "/admin/students", link: /^\/admin\/students\/(\d+)$/ },
  course: { list: "/admin/courses", link: /^\/admin\/courses\/(\d+)$/ },
  registration: { list: "/admin/registered-students", link: /^\/admin\/registered-students\/(\d+)$/ },
  transfer: { list: "/admin/transfer-students", link: /[?&]id=(\d+)/ },
  user: { list: "/admin/users", link: /^\/admin\/users\/(\d+)$/ },
  myCourse: { list: "/teachers", link: /^\/course\/(\d+)\// },
  portalCourse: { list: "/student", link: /^\/student\/courses\/(\d+)\// },
};

async function findId(page: Page, key: string): Promise<string> {
  const { list, link } = IDS[key];
  await page.goto(list);
  const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => link.exec(h)?.[1]).find(Boolean);
  expect(id, `a link on ${list} that gives {${key}}`).toBeTruthy();
  return id!;
}

/** Shows the page in `lng` whatever the profile saved: the language cookie, as the header's menu sets it. */
async function useLanguage(page: Page, lng: Lang) {
  await page.context().addCookies([{ name: "lng", value: lng, url: test.info().project.use.baseURL! }]);
}

test("every page of the app is crawled", () => {
  test.skip(!jsEnabled(), "once is enough");
  const modules = readdirSync("app/routes")
    .filter((f) => /\.tsx$/.test(f) && /export default/.test(readFileSync(`app/routes/${f}`, "utf8")))
    .map((f) => f.replace(/\.tsx$/, ""));
  const listed = new Set(PAGES.map((p) => p.route));
  expect(modules.filter((m) => !listed.has(m) && !NOT_PAGES.has(m))).toEqual([]);
});

test("the vocabulary is found where it is English (the check can fail)", async ({ page }) => {
  test.skip(!jsEnabled(), "once is enough");
  await page.goto("/authentication/login");
  await page.evaluate(() => {
    const p = document.createElement("p");
    p.textContent = "Result: PASS — Present, 3 Students";
    document.body.append(p);
  });
  expect(await englishOn(page, vocabulary("fr"), [])).toEqual(expect.arrayContaining(["PASS", "Present", "Students"]));
});

for (const lng of LANGUAGES) {
  test.describe(`in ${lng}`, () => {
    test.use({ locale: lng });

    for (const who of ["anonymous", ...Object.keys(ACCOUNTS)] as Who[]) {
      test(`${who}: no page shows the app's English words`, async ({ page }) => {
        test.skip(WITH_JAVASCRIPT.includes(lng) !== jsEnabled(), "crawled in the other project");
        test.setTimeout(360_000);
        const words = vocabulary(lng);
        const typed = typedBySchool();
        if (who !== "anonymous") await signInByForm(page, ACCOUNTS[who]);
        await useLanguage(page, lng);
        const mine = PAGES.filter((p) => p.who.includes(who));
        const ids: Record<string, string> = {};
        for (const key of new Set(mine.flatMap((p) => [...p.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))))
          ids[key] = await findId(page, key);
        const found: string[] = [];
        for (const def of mine) {
          const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key]);
          await page.goto(path);
          await page.waitForLoadState("load");
          await expect(page.locator("html")).toHaveAttribute("lang", lng);
          const english = await englishOn(page, words, typed);
          if (english.length) found.push(`${path}: ${english.join(", ")}`);
        }
        expect(found, found.join("\n")).toEqual([]);
      });
    }
  });
}
