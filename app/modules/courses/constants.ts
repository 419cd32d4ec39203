// The course rules a page shows without parsing a form: kept apart from
// schema.ts so that a page importing them does not bring zod to the browser
// (issue 18's bundle budget).

/** The longest course code and course number, and the largest capacity. */
export const CODE_MAX = 40;
export const NUMBER_MAX = 20;
export const CAPACITY_MAX = 500;

/** The schedule select's value for a schedule outside the standard list. */
export const CUSTOM_SCHEDULE = "custom";

/** Where a course stands relative to today: the list's "phase" filter. */
export const PHASES = ["running", "upcoming", "finished"] as const;
export type CoursePhase = (typeof PHASES)[number];

/** The longest search of the course page's Enroll section. */
export const ENROLL_SEARCH_MAX = 100;
