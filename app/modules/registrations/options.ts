export interface ScheduleOption {
  id: string;
  days: string;
  start_time: string;
  end_time: string;
}

// PRODUCT 3's schedules. The label is built from days and times at render.
export const SCHEDULES: readonly ScheduleOption[] = [
  ...(["MO,WE", "TU,TH"] as const).flatMap((days) =>
    [
      ["09:00", "11:00"],
      ["15:00", "17:00"],
      ["17:00", "19:00"],
      ["19:00", "21:00"],
    ].map(([start_time, end_time]) => ({
      id: `${days === "MO,WE" ? "MON-WED" : "TUE-THU"}-${start_time.slice(0, 2)}-${end_time.slice(0, 2)}`,
      days,
      start_time,
      end_time,
    })),
  ),
  { id: "FRI-INTENSIVE-09-13", days: "FR", start_time: "09:00", end_time: "13:00" },
  { id: "FRI-INTENSIVE-14-18", days: "FR", start_time: "14:00", end_time: "18:00" },
  { id: "SAT-09-13", days: "SA", start_time: "09:00", end_time: "13:00" },
  { id: "SAT-14-18", days: "SA", start_time: "14:00", end_time: "18:00" },
];

export const SCHEDULE_IDS: readonly string[] = SCHEDULES.map((s) => s.id);

export function scheduleById(id: string) {
  return SCHEDULES.find((s) => s.id === id);
}
