import { useTranslation } from "react-i18next";
import { type GradingCategory } from "~/db/schema";
import { WEEKDAY_CODES, findSchedule } from "~/modules/calendar/schedules";
import { findScheduleByParts } from "~/modules/courses/schema";
import { type ExamType } from "~/modules/levels/levels";

// Words of a course shown on several pages, in the user's language.

/** Weekday names in the user's language, by rrule code (MO…SU). */
export function useWeekdayNames(style: "short" | "long" = "short") {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language || "en", { weekday: style, timeZone: "UTC" });
  // 2026-09-07 is a Monday.
  return Object.fromEntries(
    WEEKDAY_CODES.map((code, i) => [code, f.format(new Date(Date.UTC(2026, 8, 7 + i)))]),
  ) as Record<string, string>;
}

/** "Mon-Wed 09:00–11:00" for a standard schedule, "Mon, Fri 10:00–12:00" for a custom one. */
export function useScheduleLabel() {
  const { t } = useTranslation();
  const weekdays = useWeekdayNames();
  return (c: { schedule_days: string; start_time: string; end_time: string }) => {
    const standard = findScheduleByParts(c.schedule_days, c.start_time, c.end_time);
    const days = standard
      ? t(`registration.days.${standard.days}`)
      : c.schedule_days
          .split(",")
          .filter(Boolean)
          .map((d) => weekdays[d] ?? d)
          .join(", ");
    return t("registration.scheduleLabel", { days, start: c.start_time, end: c.end_time });
  };
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
