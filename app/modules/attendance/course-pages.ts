// PURE (client and server): a professor's course pages, apart from the home
// page's components (components/attendance/course-home.tsx), so that the
// course frame, on every course page, does not bring them to the browser
// (issue 18's bundle budget).

/** The course's pages, in the frame's order (the frame's tabs; the home page links the others). */
export const COURSE_PAGES = ["home", "attendance", "gradebook", "student-report", "holidays", "faq"] as const;
