// PURE (client and server): the questions of the staff FAQs, in order. Their
// text is in the "school" namespace under <section>.items.<key>.{q,a}
// (tests/unit/faq.test.ts keeps these lists and the locale files in step).

/** The teachers' FAQ (/teachers/faq, and each course's FAQ page). */
export const TEACHERS_FAQ = [
  "home",
  "attendance",
  "attendanceValues",
  "attendanceScore",
  "absenceCount",
  "grades",
  "finalGrade",
  "bands",
  "report",
  "holidays",
  "transfers",
  "newStudents",
  "account",
] as const;

/** The coordinators' FAQ (/coordinator/faq). */
export const COORDINATOR_FAQ = [
  "courses",
  "syllabus",
  "holidays",
  "professors",
  "progress",
  "registrations",
  "transfers",
  "attendanceScore",
  "absenceCount",
  "finalGrade",
  "bands",
  "reports",
] as const;

/** The FAQs by their section of the "school" namespace. */
export const FAQS = { teachersFaq: TEACHERS_FAQ, coordinatorFaq: COORDINATOR_FAQ } as const;
export type FaqSection = keyof typeof FAQS;
