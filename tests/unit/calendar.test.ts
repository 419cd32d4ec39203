import { describe, expect, it } from "vitest";
import {
  COURSE_TYPES,
  MAX_OCCURRENCES,
  PROMOTIONS,
  STANDARD_SCHEDULES,
  expandSessions,
  findSchedule,
  heldSessions,
  heldSessionsBetween,
  holidayOn,
  isHoliday,
  parseDate,
  parseScheduleDays,
  scheduleOfCourse,
  sessionsBetween,
  type CourseSchedule,
  type HolidayRange,
} from "~/modules/calendar/calendar";

const course: CourseSchedule = {
  id: 1,
  schedule_days: "MO,WE",
  start_date: "2026-09-07", // a Monday
  end_date: "2026-09-30", // a Wednesday
  start_time: "09:00",
  end_time: "11:00",
};

const dates = (sessions: { date: string }[]) => sessions.map((s) => s.date);

describe("expandSessions", () => {
  it("expands the schedule's weekdays in date order", () => {
    expect(dates(expandSessions(course))).toEqual([
      "2026-09-07",
      "2026-09-09",
      "2026-09-14",
      "2026-09-16",
      "2026-09-21",
      "2026-09-23",
      "2026-09-28",
      "2026-09-30",
    ]);
  });

  it("copies the times and flags no holiday by default", () => {
    const [first] = expandSessions(course);
    expect(first).toEqual({ date: "2026-09-07", start_time: "09:00", end_time: "11:00", holiday: null });
  });

  it("includes both the start and the end date", () => {
    const s = dates(
      expandSessions({ ...course, schedule_days: "TU,TH", start_date: "2026-09-08", end_date: "2026-09-17" }),
    );
    expect(s[0]).toBe("2026-09-08");
    expect(s[s.length - 1]).toBe("2026-09-17");
    expect(s).toEqual(["2026-09-08", "2026-09-10", "2026-09-15", "2026-09-17"]);
  });

  it("starts at the first scheduled weekday on or after the start date", () => {
    // 2026-09-08 is a Tuesday: the first Mon/Wed session is the 9th.
    expect(dates(expandSessions({ ...course, start_date: "2026-09-08", end_date: "2026-09-14" }))).toEqual([
      "2026-09-09",
      "2026-09-14",
    ]);
  });

  it("gives a single session when start and end are that day", () => {
    expect(dates(expandSessions({ ...course, start_date: "2026-09-09", end_date: "2026-09-09" }))).toEqual([
      "2026-09-09",
    ]);
  });

  it("handles a one-day schedule (Saturday) and lower-case, spaced, unknown codes", () => {
    expect(dates(expandSessions({ ...course, schedule_days: " sa , XX", end_date: "2026-09-20" }))).toEqual([
      "2026-09-12",
      "2026-09-19",
    ]);
  });

  it("crosses month, year and DST boundaries without shifting a date", () => {
    const s = dates(
      expandSessions({ ...course, schedule_days: "FR", start_date: "2026-12-25", end_date: "2027-01-08" }),
    );
    expect(s).toEqual(["2026-12-25", "2027-01-01", "2027-01-08"]);
    const march = dates(
      expandSessions({ ...course, schedule_days: "SU", start_date: "2027-03-07", end_date: "2027-03-21" }),
    );
    expect(march).toEqual(["2027-03-07", "2027-03-14", "2027-03-21"]);
  });

  it("gives nothing when the end is before the start", () => {
    expect(expandSessions({ ...course, start_date: "2026-09-30", end_date: "2026-09-07" })).toEqual([]);
  });

  it("gives nothing without valid weekdays or dates", () => {
    expect(expandSessions({ ...course, schedule_days: "" })).toEqual([]);
    expect(expandSessions({ ...course, schedule_days: "XX,YY" })).toEqual([]);
    expect(expandSessions({ ...course, start_date: "2026-02-30" })).toEqual([]);
    expect(expandSessions({ ...course, end_date: "not a date" })).toEqual([]);
  });

  it(`stops after ${MAX_OCCURRENCES} occurrences`, () => {
    const daily = {
      ...course,
      schedule_days: "MO,TU,WE,TH,FR,SA,SU",
      start_date: "2026-01-01",
      end_date: "2030-12-31",
    };
    const s = expandSessions(daily);
    expect(MAX_OCCURRENCES).toBe(1000);
    expect(s).toHaveLength(1000);
    expect(s[0].date).toBe("2026-01-01");
    // 1000 consecutive days from 2026-01-01 end on 2028-09-26.
    expect(s[999].date).toBe("2028-09-26");
  });

  it("counts holiday sessions toward the cap", () => {
    const daily = {
      ...course,
      schedule_days: "MO,TU,WE,TH,FR,SA,SU",
      start_date: "2026-01-01",
      end_date: "2030-12-31",
    };
    const holidays: HolidayRange[] = [
      { name: "Long", start_date: "2026-01-01", end_date: "2026-01-10", course_id: null },
    ];
    expect(expandSessions(daily, holidays)).toHaveLength(1000);
    expect(heldSessions(daily, holidays)).toHaveLength(990);
  });
});

describe("holidays", () => {
  const holidays: HolidayRange[] = [
    { name: "School closed", start_date: "2026-09-14", end_date: "2026-09-16", course_id: null },
    { name: "Teacher training", start_date: "2026-09-23", end_date: "2026-09-23", course_id: 1 },
    { name: "Other course trip", start_date: "2026-09-28", end_date: "2026-09-28", course_id: 2 },
  ];

  it("flags sessions on school-wide and own-course holidays", () => {
    const s = expandSessions(course, holidays);
    expect(s.find((x) => x.date === "2026-09-14")?.holiday).toBe("School closed");
    expect(s.find((x) => x.date === "2026-09-16")?.holiday).toBe("School closed");
    expect(s.find((x) => x.date === "2026-09-23")?.holiday).toBe("Teacher training");
    expect(s.find((x) => x.date === "2026-09-28")?.holiday).toBeNull();
  });

  it("heldSessions excludes school-wide and per-course holidays, ignoring other courses' holidays", () => {
    expect(dates(heldSessions(course, holidays))).toEqual([
      "2026-09-07",
      "2026-09-09",
      "2026-09-21",
      "2026-09-28",
      "2026-09-30",
    ]);
  });

  it("another course sees only the school-wide holidays and its own", () => {
    expect(dates(heldSessions({ ...course, id: 2 }, holidays))).toEqual([
      "2026-09-07",
      "2026-09-09",
      "2026-09-21",
      "2026-09-23",
      "2026-09-30",
    ]);
  });

  it("a nameless holiday is still flagged", () => {
    const [s] = expandSessions({ ...course, end_date: "2026-09-07" }, [
      { start_date: "2026-09-07", end_date: "2026-09-07", course_id: null },
    ]);
    expect(s.holiday).toBe("Holiday");
  });

  it("isHoliday / holidayOn check inclusive ranges and the course", () => {
    expect(isHoliday("2026-09-13", holidays)).toBe(false);
    expect(isHoliday("2026-09-14", holidays)).toBe(true);
    expect(isHoliday("2026-09-15", holidays)).toBe(true);
    expect(isHoliday("2026-09-16", holidays)).toBe(true);
    expect(isHoliday("2026-09-17", holidays)).toBe(false);
    expect(isHoliday("2026-09-23", holidays, 1)).toBe(true);
    expect(isHoliday("2026-09-23", holidays, 2)).toBe(false);
    // Without a course every holiday counts.
    expect(isHoliday("2026-09-28", holidays)).toBe(true);
    expect(holidayOn("2026-09-15", holidays)?.name).toBe("School closed");
    expect(holidayOn("2026-09-01", holidays)).toBeUndefined();
  });
});

describe("sessionsBetween", () => {
  const holidays: HolidayRange[] = [
    { name: "Closed", start_date: "2026-09-16", end_date: "2026-09-16", course_id: null },
  ];

  it("keeps sessions from..to inclusive, holiday-flagged ones included", () => {
    const s = sessionsBetween(course, holidays, "2026-09-09", "2026-09-21");
    expect(dates(s)).toEqual(["2026-09-09", "2026-09-14", "2026-09-16", "2026-09-21"]);
    expect(s[2].holiday).toBe("Closed");
  });

  it("open bounds and held-only variant", () => {
    expect(dates(sessionsBetween(course, holidays, null, "2026-09-09"))).toEqual(["2026-09-07", "2026-09-09"]);
    expect(dates(sessionsBetween(course, holidays, "2026-09-30", null))).toEqual(["2026-09-30"]);
    expect(dates(heldSessionsBetween(course, holidays, "2026-09-09", "2026-09-21"))).toEqual([
      "2026-09-09",
      "2026-09-14",
      "2026-09-21",
    ]);
  });

  it("gives nothing outside the course or for an inverted range", () => {
    expect(sessionsBetween(course, holidays, "2026-10-01", "2026-10-31")).toEqual([]);
    expect(sessionsBetween(course, holidays, "2026-09-21", "2026-09-09")).toEqual([]);
  });
});

describe("helpers and constants", () => {
  it("parseDate rejects impossible dates", () => {
    expect(parseDate("2026-02-29")).toBeNull();
    expect(parseDate("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(parseDate("2026-9-7")).toBeNull();
  });

  it("parseScheduleDays normalises", () => {
    expect(parseScheduleDays("we,MO,mo")).toEqual(["MO", "WE"]);
    expect(parseScheduleDays(null)).toEqual([]);
  });

  it("has the 12 standard schedules of PRODUCT 3", () => {
    expect(STANDARD_SCHEDULES.map((s) => s.id)).toEqual([
      "MON-WED-09-11",
      "MON-WED-15-17",
      "MON-WED-17-19",
      "MON-WED-19-21",
      "TUE-THU-09-11",
      "TUE-THU-15-17",
      "TUE-THU-17-19",
      "TUE-THU-19-21",
      "FRI-INTENSIVE-09-13",
      "FRI-INTENSIVE-14-18",
      "SAT-09-13",
      "SAT-14-18",
    ]);
    expect(findSchedule("MON-WED-09-11")).toMatchObject({
      label: "Mon-Wed 09:00-11:00",
      days: "MO,WE",
      start_time: "09:00",
      end_time: "11:00",
    });
    expect(findSchedule("fri intensive 14:00-18:00")?.id).toBe("FRI-INTENSIVE-14-18");
    expect(findSchedule("Sat 09:00-13:00")?.days).toBe("SA");
    expect(findSchedule("Sun 09:00-13:00")).toBeUndefined();
    expect(new Set(STANDARD_SCHEDULES.map((s) => s.label)).size).toBe(12);
  });

  it("scheduleOfCourse matches days and times", () => {
    expect(scheduleOfCourse({ schedule_days: "WE,MO", start_time: "19:00", end_time: "21:00" })?.id).toBe(
      "MON-WED-19-21",
    );
    expect(scheduleOfCourse({ schedule_days: "MO", start_time: "19:00", end_time: "21:00" })).toBeUndefined();
  });

  it("course types and promotions", () => {
    expect(COURSE_TYPES).toEqual(["on-site", "private - online", "online", "private"]);
    expect(PROMOTIONS).toEqual(["Navidad", "2x1"]);
  });
});
