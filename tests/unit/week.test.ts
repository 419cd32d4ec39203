import { describe, expect, it } from "vitest";
import {
  addDays,
  hoursBetween,
  mondayOf,
  requestedWeek,
  weekDates,
  weekLinks,
  weekdayIndex,
  weeklyHours,
} from "~/modules/calendar/week";

describe("calendar weeks (Monday to Sunday)", () => {
  it("moves dates across months, years and leap days", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-16", -7)).toBe("2026-11-09");
  });

  it("finds the Monday of any day, Sunday included", () => {
    expect(weekdayIndex("2026-11-16")).toBe(0); // Monday
    expect(weekdayIndex("2026-11-22")).toBe(6); // Sunday
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    expect(mondayOf("2026-11-21")).toBe("2026-11-16");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("lists the seven days of a week", () => {
    expect(weekDates("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });

  it("reads ?week= as the week holding that date, else today's week", () => {
    expect(requestedWeek("2026-11-19", "2026-09-10")).toBe("2026-11-16");
    expect(requestedWeek(null, "2026-11-21")).toBe("2026-11-16");
    expect(requestedWeek("", "2026-11-21")).toBe("2026-11-16");
    expect(requestedWeek("2026-02-30", "2026-11-21")).toBe("2026-11-16");
    expect(requestedWeek("next", "2026-11-21")).toBe("2026-11-16");
  });
});

describe("teaching hours", () => {
  it("measures one session", () => {
    expect(hoursBetween("09:00", "11:00")).toBe(2);
    expect(hoursBetween("14:00", "18:30")).toBe(4.5);
    expect(hoursBetween("11:00", "09:00")).toBe(0);
    expect(hoursBetween("9am", "11:00")).toBe(0);
  });

  it("counts a week: days × session length (PRODUCT 3's schedules)", () => {
    expect(weeklyHours({ schedule_days: "MO,WE", start_time: "09:00", end_time: "11:00" })).toBe(4);
    expect(weeklyHours({ schedule_days: "FR", start_time: "09:00", end_time: "13:00" })).toBe(4);
    expect(weeklyHours({ schedule_days: "SA", start_time: "14:00", end_time: "18:00" })).toBe(4);
    expect(weeklyHours({ schedule_days: "TU,TH,XX,TU", start_time: "19:00", end_time: "21:00" })).toBe(4);
    expect(weeklyHours({ schedule_days: "", start_time: "19:00", end_time: "21:00" })).toBe(0);
  });
});

describe("week links", () => {
  it("name the previous, next and current weeks", () => {
    expect(weekLinks("2026-12-28", "2026-11-21")).toEqual({
      monday: "2026-12-28",
      previous: "2026-12-21",
      next: "2027-01-04",
      current: "2026-11-16",
    });
  });
});
