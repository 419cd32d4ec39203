import { describe, expect, it } from "vitest";
import { type CourseSchedule, type HolidayRange, MAX_OCCURRENCES, expandSessions } from "~/modules/calendar/calendar";
import {
  countByStatus,
  courseSessionsAt,
  datedSessions,
  todayIn,
  zonedInstant,
  zonedNow,
} from "~/modules/calendar/sessions";

const dates = (sessions: { date: string }[]) => sessions.map((s) => s.date);

/** The wall clock of an instant in a zone, "YYYY-MM-DD HH:MM". */
function wall(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const base: CourseSchedule = {
  id: 1,
  schedule_days: "MO,WE",
  start_date: "2026-09-07",
  end_date: "2026-09-30",
  start_time: "09:00",
  end_time: "11:00",
};

describe("weekly patterns (PRODUCT 3 schedules)", () => {
  it("Mon-Wed", () => {
    expect(dates(expandSessions({ ...base, start_date: "2026-09-07", end_date: "2026-09-20" }))).toEqual([
      "2026-09-07",
      "2026-09-09",
      "2026-09-14",
      "2026-09-16",
    ]);
  });
  it("Tue-Thu", () => {
    expect(
      dates(expandSessions({ ...base, schedule_days: "TU,TH", start_date: "2026-09-07", end_date: "2026-09-20" })),
    ).toEqual(["2026-09-08", "2026-09-10", "2026-09-15", "2026-09-17"]);
  });
  it("Fri intensive", () => {
    expect(
      dates(
        expandSessions({
          ...base,
          schedule_days: "FR",
          start_time: "14:00",
          end_time: "18:00",
          end_date: "2026-09-30",
        }),
      ),
    ).toEqual(["2026-09-11", "2026-09-18", "2026-09-25"]);
  });
  it("Sat", () => {
    expect(
      dates(expandSessions({ ...base, schedule_days: "SA", start_date: "2026-09-05", end_date: "2026-09-26" })),
    ).toEqual(["2026-09-05", "2026-09-12", "2026-09-19", "2026-09-26"]);
  });
});

describe("holidays", () => {
  const course: CourseSchedule = { ...base, start_date: "2026-09-07", end_date: "2026-09-16" };
  const schoolWide = (start_date: string, end_date = start_date, name = "Closed"): HolidayRange => ({
    name,
    start_date,
    end_date,
    course_id: null,
  });

  it("a holiday inside the course is flagged, the others are held", () => {
    const s = expandSessions(course, [schoolWide("2026-09-09", "2026-09-09", "Fiesta")]);
    expect(s.map((x) => [x.date, x.holiday])).toEqual([
      ["2026-09-07", null],
      ["2026-09-09", "Fiesta"],
      ["2026-09-14", null],
      ["2026-09-16", null],
    ]);
  });

  it("holidays on the first and on the last session (the edges)", () => {
    const s = expandSessions(course, [schoolWide("2026-09-07"), schoolWide("2026-09-16")]);
    expect(s.filter((x) => x.holiday).map((x) => x.date)).toEqual(["2026-09-07", "2026-09-16"]);
    expect(s.filter((x) => !x.holiday).map((x) => x.date)).toEqual(["2026-09-09", "2026-09-14"]);
  });

  it("a holiday range overlapping the start or the end, inclusive both ends", () => {
    const s = expandSessions(course, [schoolWide("2026-09-01", "2026-09-07"), schoolWide("2026-09-16", "2026-09-30")]);
    expect(s.filter((x) => x.holiday).map((x) => x.date)).toEqual(["2026-09-07", "2026-09-16"]);
  });

  it("a holiday the day before and the day after cancels nothing", () => {
    const s = expandSessions(course, [schoolWide("2026-09-06"), schoolWide("2026-09-17")]);
    expect(s.every((x) => x.holiday === null)).toBe(true);
  });

  it("another course's holiday does not apply; the course's own does", () => {
    const s = expandSessions(course, [
      { name: "Other", start_date: "2026-09-09", end_date: "2026-09-09", course_id: 2 },
      { name: "Own", start_date: "2026-09-14", end_date: "2026-09-14", course_id: 1 },
    ]);
    expect(s.filter((x) => x.holiday).map((x) => [x.date, x.holiday])).toEqual([["2026-09-14", "Own"]]);
  });
});

describe("the 1000 cap", () => {
  it("stops at MAX_OCCURRENCES however long the course", () => {
    const s = expandSessions({
      ...base,
      schedule_days: "MO,TU,WE,TH,FR,SA,SU",
      start_date: "2026-01-01",
      end_date: "2040-12-31",
    });
    expect(MAX_OCCURRENCES).toBe(1000);
    expect(s).toHaveLength(1000);
    expect(s[0].date).toBe("2026-01-01");
    expect(s[999].date).toBe("2028-09-26"); // 1000 consecutive days
  });

  it("a course of exactly 1000 sessions keeps them all", () => {
    const s = expandSessions({
      ...base,
      schedule_days: "MO,TU,WE,TH,FR,SA,SU",
      start_date: "2026-01-01",
      end_date: "2028-09-26",
    });
    expect(s).toHaveLength(1000);
  });

  it("the statuses are computed on the capped list too", () => {
    const s = courseSessionsAt(
      { ...base, schedule_days: "MO,TU,WE,TH,FR,SA,SU", start_date: "2026-01-01", end_date: "2040-12-31" },
      [],
      "UTC",
      new Date("2027-01-01T12:00:00Z"),
    );
    expect(s).toHaveLength(1000);
    expect(countByStatus(s)).toEqual({ held: 366, holiday: 0, upcoming: 634 });
  });
});

describe("the school's time zone", () => {
  it("today is the date in the zone, not in UTC", () => {
    // 03:30 UTC on the 1st is still the evening of Oct 31 in Guayaquil (UTC-5).
    expect(todayIn("America/Guayaquil", new Date("2026-11-01T03:30:00Z"))).toBe("2026-10-31");
    expect(todayIn("Asia/Shanghai", new Date("2026-10-31T17:30:00Z"))).toBe("2026-11-01");
    expect(zonedNow("Europe/Madrid", new Date("2026-10-25T23:30:00Z"))).toEqual({ date: "2026-10-26", time: "00:30" });
  });

  it("held, holiday and upcoming at a moment", () => {
    const course: CourseSchedule = {
      ...base,
      start_date: "2026-09-07",
      end_date: "2026-09-16",
      start_time: "17:00",
      end_time: "19:00",
    };
    const holidays: HolidayRange[] = [
      { name: "Fiesta", start_date: "2026-09-07", end_date: "2026-09-07", course_id: null },
    ];
    // 2026-09-14 16:59 in Guayaquil: the session of the 14th at 17:00 has not started.
    const before = courseSessionsAt(course, holidays, "America/Guayaquil", new Date("2026-09-14T21:59:00Z"));
    expect(before.map((s) => [s.date, s.status])).toEqual([
      ["2026-09-07", "holiday"],
      ["2026-09-09", "held"],
      ["2026-09-14", "upcoming"],
      ["2026-09-16", "upcoming"],
    ]);
    // A minute later it has.
    const after = courseSessionsAt(course, holidays, "America/Guayaquil", new Date("2026-09-14T22:00:00Z"));
    expect(after.map((s) => s.status)).toEqual(["holiday", "held", "held", "upcoming"]);
    // A holiday in the future is still a holiday, never upcoming.
    const early = courseSessionsAt(course, holidays, "America/Guayaquil", new Date("2026-09-01T12:00:00Z"));
    expect(early.map((s) => s.status)).toEqual(["holiday", "upcoming", "upcoming", "upcoming"]);
  });

  it("a course across Madrid's DST change keeps its local time and its dates", () => {
    // Europe/Madrid leaves summer time on Sunday 2026-10-25 (03:00 CEST → 02:00 CET).
    const course: CourseSchedule = {
      ...base,
      schedule_days: "MO,WE,SU",
      start_date: "2026-10-19",
      end_date: "2026-10-28",
      start_time: "09:00",
      end_time: "11:00",
    };
    const s = courseSessionsAt(course, [], "Europe/Madrid", new Date("2026-10-25T12:00:00Z"));
    expect(dates(s)).toEqual(["2026-10-19", "2026-10-21", "2026-10-25", "2026-10-26", "2026-10-28"]);
    // Summer (UTC+2) before, winter (UTC+1) after: the UTC instant moves, the local time does not.
    expect(s.map((x) => x.starts_at)).toEqual([
      "2026-10-19T07:00:00.000Z",
      "2026-10-21T07:00:00.000Z",
      "2026-10-25T08:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
      "2026-10-28T08:00:00.000Z",
    ]);
    for (const x of s) {
      expect(wall(x.starts_at, "Europe/Madrid")).toBe(`${x.date} 09:00`);
      expect(wall(x.ends_at, "Europe/Madrid")).toBe(`${x.date} 11:00`);
      expect(x.start_time).toBe("09:00");
    }
    expect(s.map((x) => x.status)).toEqual(["held", "held", "held", "upcoming", "upcoming"]);
  });

  it("the spring change too (Madrid, last Sunday of March), and an evening class near midnight", () => {
    const course: CourseSchedule = {
      ...base,
      schedule_days: "FR,SA,MO",
      start_date: "2027-03-26",
      end_date: "2027-03-29",
      start_time: "21:00",
      end_time: "23:30",
    };
    const s = courseSessionsAt(course, [], "Europe/Madrid", new Date("2027-03-01T00:00:00Z"));
    expect(dates(s)).toEqual(["2027-03-26", "2027-03-27", "2027-03-29"]);
    for (const x of s) {
      expect(wall(x.starts_at, "Europe/Madrid")).toBe(`${x.date} 21:00`);
      expect(wall(x.ends_at, "Europe/Madrid")).toBe(`${x.date} 23:30`);
    }
    expect(s[0].starts_at).toBe("2027-03-26T20:00:00.000Z");
    expect(s[2].starts_at).toBe("2027-03-29T19:00:00.000Z");
  });

  it("dates are never shifted in a zone far from UTC", () => {
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Guayaquil", "Asia/Shanghai"]) {
      const s = courseSessionsAt(
        { ...base, start_date: "2026-09-07", end_date: "2026-09-09", start_time: "00:30", end_time: "23:30" },
        [],
        tz,
      );
      expect(dates(s)).toEqual(["2026-09-07", "2026-09-09"]);
      expect(wall(s[0].starts_at, tz)).toBe("2026-09-07 00:30");
      expect(wall(s[1].ends_at, tz)).toBe("2026-09-09 23:30");
    }
  });

  it("zonedInstant: a repeated hour is its first occurrence, a missing one moves forward", () => {
    // 02:30 happens twice in Madrid on 2026-10-25: first in summer time (00:30 UTC).
    expect(zonedInstant("2026-10-25", "02:30", "Europe/Madrid").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // 02:30 never happens on 2027-03-28: it reads as 03:30 summer time.
    const gap = zonedInstant("2027-03-28", "02:30", "Europe/Madrid").toISOString();
    expect(gap).toBe("2027-03-28T01:30:00.000Z");
    expect(wall(gap, "Europe/Madrid")).toBe("2027-03-28 03:30");
    expect(zonedInstant("2026-09-07", "09:00", "America/Guayaquil").toISOString()).toBe("2026-09-07T14:00:00.000Z");
  });

  it("datedSessions keeps the sessions' order and fields", () => {
    const s = datedSessions(
      [{ date: "2026-09-07", start_time: "09:00", end_time: "11:00", holiday: null }],
      "UTC",
      new Date("2026-09-07T08:59:00Z"),
    );
    expect(s).toEqual([
      {
        date: "2026-09-07",
        start_time: "09:00",
        end_time: "11:00",
        holiday: null,
        status: "upcoming",
        starts_at: "2026-09-07T09:00:00.000Z",
        ends_at: "2026-09-07T11:00:00.000Z",
      },
    ]);
  });
});
