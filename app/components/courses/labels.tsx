import { type ReactNode } from "react";
import { useAppNames } from "~/components/app-names";
import { formatList } from "~/components/format";
import { type GradingCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { STANDARD_SCHEDULES, WEEKDAY_CODES, findSchedule, findScheduleByParts } from "~/modules/calendar/schedules";
import { type ExamType } from "~/modules/levels/levels";

// Words of a course shown on several pages, in the user's language.

/** Weekday names in the user's language, by rrule code (MO…SU). */
export function useWeekdayNames(style: "short" | "long" = "short") {
  const { i18n } = useTranslation();
  return weekdayNames(i18n.language || "en", style);
}

// Per language and style, made once per process (an Intl formatter costs more than the page's use of it).
const weekdayNamesCache = new Map<string, Readonly<Record<string, string>>>();

function weekdayNames(locale: string, style: "short" | "long") {
  const key = `${locale}|${style}`;
  let names = weekdayNamesCache.get(key);
  if (!names) {
    const f = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" });
    // 2026-09-07 is a Monday.
    names = Object.freeze(
      Object.fromEntries(WEEKDAY_CODES.map((code, i) => [code, f.format(new Date(Date.UTC(2026, 8, 7 + i)))])),
    );
    weekdayNamesCache.set(key, names);
  }
  return names as Record<string, string>;
}

/** "Mon-Wed 09:00–11:00" for a standard schedule, "Mon, Fri 10:00–12:00" for a custom one. */
export function useScheduleLabel() {
  const { t, i18n } = useTranslation();
  const weekdays = useWeekdayNames();
  return (c: { schedule_days: string; start_time: string; end_time: string }) => {
    const standard = findScheduleByParts(c.schedule_days, c.start_time, c.end_time);
    const days = standard
      ? t(`registration.days.${standard.days}`)
      : c.schedule_days
          .split(",")
          .filter(Boolean)
          .map((d) => weekdays[d] ?? d);
    const daysText = typeof days === "string" ? days : formatList(i18n.language || "en", days, "unit");
    return t("registration.scheduleLabel", { days: daysText, start: c.start_time, end: c.end_time });
  };
}

/** The standard schedules as options: "Mon-Wed 09:00–11:00". */
export function useScheduleOptions() {
  const label = useStandardScheduleLabel();
  return STANDARD_SCHEDULES.map((s) => ({ value: s.id, label: label(s.id) }));
}

/** A standard schedule's label by its id. */
export function useStandardScheduleLabel() {
  const { t } = useTranslation();
  return (id: string) => {
    const s = findSchedule(id);
    return s
      ? t("registration.scheduleLabel", {
          days: t(`registration.days.${s.days}`),
          start: s.start_time,
          end: s.end_time,
        })
      : id;
  };
}

const TYPE_KEYS: Record<string, string> = {
  "on-site": "onSite",
  "private - online": "privateOnline",
  online: "online",
  private: "private",
};

export function useCourseTypeLabel() {
  const { t } = useTranslation("courses");
  return (type: string) => (TYPE_KEYS[type] ? t(`types.${TYPE_KEYS[type]}`) : type);
}

/** ASSIGNMENTS, PROGRESS TESTS, and EXAM as "<EXAM TYPE> EXAM" (e.g. MOVERS EXAM). */
export function useCategoryLabel() {
  const { t } = useTranslation("courses");
  return (category: GradingCategory, exam: ExamType | null) => {
    if (category === "ASSIGNMENTS") return t("categories.assignments");
    if (category === "PROGRESS TESTS") return t("categories.progressTests");
    return exam ? t("categories.examOf", { exam }) : t("categories.exam");
  };
}

// ---------------------------------------------------------------------------
// Mixed text (issue 19): codes, level names, times and free text keep their own
// direction inside a sentence of the other direction ("B1+" never "+B1").

/**
 * Text of its own direction inside a sentence: a <bdi> whose direction comes
 * from its first strong letter, or `ltr` for codes, level names, times and
 * numbers (a "B1+" in an Arabic sentence stays "B1+"). Never breaks a code.
 */
export function Bdi({
  children,
  ltr = false,
  nowrap = false,
}: {
  children: ReactNode;
  ltr?: boolean;
  nowrap?: boolean;
}) {
  return (
    <bdi dir={ltr ? "ltr" : "auto"} className={nowrap ? "whitespace-nowrap" : undefined}>
      {children}
    </bdi>
  );
}

const FSI = "\u2068";
const LRI = "\u2066";
const PDI = "\u2069";

/**
 * Plain text (an <option>, a title) cannot hold a <bdi>: in a right-to-left
 * page each left-to-right part is wrapped in Unicode isolates instead (LRI for
 * codes, FSI for free text), which the browser treats as a <bdi> would. In a
 * left-to-right page the text is left as it is.
 */
export function isolateText(text: string, rtl: boolean, kind: "ltr" | "auto" = "ltr") {
  return rtl && text ? `${kind === "ltr" ? LRI : FSI}${text}${PDI}` : text;
}

/** Isolates a code or level name for plain text (an <option>) in a right-to-left page: "B1+" never "+B1". */
export function useIsolate() {
  const { i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === "rtl";
  return (text: string) => isolateText(text, rtl);
}

/** The parts of a course's readable label (modules/courses/options.server.ts). */
export interface CourseLabelParts {
  course_id: string;
  level: string;
  schedule_days: string;
  start_time: string;
  end_time: string;
  professor: string | null;
}

/**
 * One line naming a course (issue 19): "B1-MON-17 · B1 · Mon-Wed 17:00–19:00 ·
 * Ana Prof" — its code, level, schedule and professor (no professor yet: said
 * so). For the options of a select (plain text, isolated in Arabic).
 */
export function useCourseLabel() {
  const appNames = useAppNames();
  const { t, i18n } = useTranslation();
  const schedule = useScheduleLabel();
  const language = i18n.language || "en";
  const rtl = i18n.dir(language) === "rtl";
  const made = madeLabels(i18n.store, language);
  return (c: CourseLabelParts) => {
    // Each part with its length: no two courses' parts run together into one key.
    const parts = [c.course_id, c.level, c.schedule_days, c.start_time, c.end_time, c.professor];
    const key = parts.map((p) => (p === null ? "-" : `${p.length}:${p}`)).join("");
    let label = made.get(key);
    if (label === undefined) {
      label = [
        isolateText(c.course_id, rtl),
        isolateText(appNames.level(c.level), rtl),
        isolateText(schedule(c), rtl, "auto"),
        isolateText(c.professor ?? t("courseLabel.noProfessor"), rtl, "auto"),
      ]
        .filter(Boolean)
        .join(" · ");
      if (made.size >= MADE_LABELS_MAX) made.clear();
      made.set(key, label);
    }
    return label;
  };
}

/**
 * A course's label depends only on its parts, the language and the
 * translations: each is made once per process (issue 18: the course filters
 * of the students and transfers lists name 150 to 300 courses on every
 * view, which cost those pages a third of their CPU). Kept per translation
 * store (the server's per-request i18next clones share their store) and
 * language; a few thousand labels at most.
 */
const labelsByStore = new WeakMap<object, Map<string, Map<string, string>>>();
const MADE_LABELS_MAX = 5_000;

function madeLabels(store: object, language: string) {
  let byLanguage = labelsByStore.get(store);
  if (!byLanguage) labelsByStore.set(store, (byLanguage = new Map()));
  let made = byLanguage.get(language);
  if (!made) byLanguage.set(language, (made = new Map()));
  return made;
}

/**
 * The same label as markup, for a list or a page: the code never breaks and
 * every part keeps its direction. `professor={false}` where the professor is
 * implied (a professor's own courses): code, level and schedule.
 */
export function CourseLabel({
  course: c,
  professor = true,
}: {
  course: Omit<CourseLabelParts, "professor"> & { professor?: string | null };
  professor?: boolean;
}) {
  const appNames = useAppNames();
  const { t } = useTranslation();
  const schedule = useScheduleLabel();
  return (
    <span>
      <Bdi ltr nowrap>
        {c.course_id}
      </Bdi>
      {c.level ? (
        <>
          {" · "}
          <Bdi ltr nowrap>
            {appNames.level(c.level)}
          </Bdi>
        </>
      ) : null}
      {" · "}
      <Bdi>{schedule(c)}</Bdi>
      {professor ? (
        <>
          {" · "}
          <Bdi>{c.professor ?? t("courseLabel.noProfessor")}</Bdi>
        </>
      ) : null}
    </span>
  );
}
