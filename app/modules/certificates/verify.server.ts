import { db } from "~/db/kysely.server";
import { rateLimitFactor } from "~/env.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { loadCourseReport } from "~/modules/grades/report.server";
import { cefrBand, levelById } from "~/modules/levels/levels";
import { publicFrame } from "~/modules/settings/public-frame.server";
import { schoolBrand, schoolTimeZone } from "~/modules/settings/settings.server";
import { refuse } from "~/modules/shared/outcome";
import { pruneVerifyLookups } from "~/modules/shared/prune.server";
import { normalizeCode, verifyPath } from "./codes";

// The public verification of a certificate (issue 21, ADR 048): anyone with
// the code sees the school, the student's name, the level with its CEFR band,
// the course dates, the final grade and band, the issue date, and whether it is
// valid or revoked. Nothing else about the student. Lookups are limited per
// client, counted in verify_lookups (pruned by age, as sign-in attempts are).

/** Lookups a client may make in VERIFY_WINDOW_MINUTES (times RATE_LIMIT_FACTOR). */
export const VERIFY_LIMIT = 30;
export const VERIFY_WINDOW_MINUTES = 10;

/** What the public page shows: this and nothing more (a test holds the list of fields). */
export interface VerifiedCertificate {
  code: string;
  school: { name: string; logo: string | null };
  studentName: string;
  level: string;
  cefr: string | null;
  startDate: string;
  endDate: string;
  /** The final grade and band as the course's report has them (the ones the PDF prints). */
  final: number | null;
  band: string | null;
  issuedOn: string;
  /** "valid", or "revoked" with when (ISO) — a re-issued certificate's old code also says when it was replaced. */
  status: "valid" | "revoked";
  revokedAt: string | null;
  replacedAt: string | null;
  timeZone: string;
}

export type VerifyOutcome =
  | { ok: true; certificate: VerifiedCertificate }
  | { ok: false; reason: "rateLimited" }
  | { ok: false; reason: "notFound" };

/** Records the lookup and says whether the client is over its limit (the refused ones count too). */
async function claimLookup(client: string): Promise<boolean> {
  await pruneVerifyLookups();
  const now = new Date();
  await db().insertInto("verify_lookups").values({ client, created_at: now.toISOString() }).execute();
  const since = new Date(now.getTime() - VERIFY_WINDOW_MINUTES * 60_000).toISOString();
  const row = await db()
    .selectFrom("verify_lookups")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client", "=", client)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n) <= VERIFY_LIMIT * rateLimitFactor();
}

/** The certificate a code names: its current code, or one a re-issue retired (then revoked, and replaced). */
async function findByCode(code: string) {
  const current = await db()
    .selectFrom("certificates")
    .select(["id", "student_id", "course_id", "issued_on", "revoked_at"])
    .where("verification_code", "=", code)
    .executeTakeFirst();
  if (current) return { ...current, replacedAt: null };
  const retired = await db()
    .selectFrom("certificate_retired_codes")
    .innerJoin("certificates", "certificates.id", "certificate_retired_codes.certificate_id")
    .select([
      "certificates.id",
      "certificates.student_id",
      "certificates.course_id",
      "certificate_retired_codes.issued_on",
      "certificate_retired_codes.revoked_at",
      "certificate_retired_codes.replaced_at",
    ])
    .where("certificate_retired_codes.code", "=", code)
    .executeTakeFirst();
  return retired ? { ...retired, replacedAt: retired.replaced_at } : undefined;
}

/**
 * The verification page's read model for what someone typed or scanned
 * (`input`), from `client` (clientKey). A malformed code is "notFound"
 * without a query, but still counts towards the limit.
 */
export async function verifyCertificate(input: string, client: string): Promise<VerifyOutcome> {
  if (!(await claimLookup(client))) return refuse("rateLimited");
  const code = normalizeCode(input);
  if (!code) return refuse("notFound");
  const found = await findByCode(code);
  if (!found) return refuse("notFound");

  const [course, student, report, school, timeZone] = await Promise.all([
    db()
      .selectFrom("courses")
      .select(["level_id", "start_date", "end_date"])
      .where("id", "=", found.course_id)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("students")
      .select(["first_name", "middle_name", "last_name", "second_last_name"])
      .where("id", "=", found.student_id)
      .executeTakeFirstOrThrow(),
    schoolToday().then((today) => loadCourseReport(found.course_id, today)),
    schoolBrand(),
    schoolTimeZone(),
  ]);
  const row = report.rows.find((r) => r.id === Number(found.student_id));
  return {
    ok: true,
    certificate: {
      code,
      school: { name: school.name, logo: school.logo },
      studentName: [student.first_name, student.middle_name, student.last_name, student.second_last_name]
        .filter(Boolean)
        .join(" "),
      level: levelById(course.level_id)?.name ?? "",
      cefr: cefrBand(course.level_id),
      startDate: course.start_date,
      endDate: course.end_date,
      final: row?.final ?? null,
      band: row?.final === null || row === undefined ? null : row.band,
      issuedOn: found.issued_on,
      status: found.revoked_at === null && found.replacedAt === null ? "valid" : "revoked",
      revokedAt: found.revoked_at,
      replacedAt: found.replacedAt,
      timeZone,
    },
  };
}

/** The form page (/certificates/verify?code=…): where a typed code goes, or the form again. */
export async function verifyFormPage(
  search: URLSearchParams,
): Promise<{ to: string } | { frame: Awaited<ReturnType<typeof publicFrame>> }> {
  const typed = (search.get("code") ?? "").trim();
  if (typed) {
    // A malformed code goes to its page too: the same "not found" (and the same count) as a scanned one.
    const code = normalizeCode(typed) ?? (typed.replace(/[^A-Za-z0-9-]/g, "").slice(0, 32) || "-");
    return { to: verifyPath(code) };
  }
  return { frame: await publicFrame() };
}

/** The result page's read model: the frame and the outcome of the lookup. */
export async function verifyResultPage(code: string, client: string) {
  const [frame, outcome] = await Promise.all([publicFrame(), verifyCertificate(code, client)]);
  return { frame, outcome };
}
