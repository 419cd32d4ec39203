import { type Generated, type Insertable, type Selectable, type Updateable } from "kysely";

// Dates are text `YYYY-MM-DD`, timestamps ISO-8601 UTC text, booleans 0/1
// integers: the common subset of SQLite and PostgreSQL (ADR 002).

export type Role = "admin_staff" | "coordinator" | "receptionist" | "financial" | "professor" | "student";
export type RecordStatus = "active" | "inactive";
export type AgeCategory = "kids" | "adults";
export type ApprovalStatus = "pending" | "approved" | "rejected";
export type AttendanceValue = "present" | "recovered" | "late" | "absent";
export type GradingCategory = "ASSIGNMENTS" | "PROGRESS TESTS" | "EXAM";

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  status: RecordStatus;
  image: string | null;
  locale: string | null;
  failed_logins: Generated<number>;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  client: string;
  success: number;
  created_at: string;
}

interface PersonColumns {
  first_name: string;
  middle_name: string;
  last_name: string;
  second_last_name: string;
  id_number: string;
  birthday: string;
  phone_number: string;
  email: string;
  address: string;
  age_category: AgeCategory;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_relationship: string | null;
  level_id: number;
  schedule: string;
  same_billing: number;
  billing_address: string | null;
  where_hear_about_us: string | null;
  promotion: string | null;
}

export interface StudentsTable extends PersonColumns {
  id: Generated<number>;
  user_id: number | null;
  registration_id: number | null;
  status: RecordStatus;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface RegistrationsTable extends PersonColumns {
  id: Generated<number>;
  reference: string;
  message: string | null;
  accepted_terms: number;
  status: ApprovalStatus;
  reject_reason: string | null;
  student_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  draft_token_hash: string | null;
  client: string | null;
}

export interface RegistrationDraftsTable {
  token_hash: string;
  /** JSON of the validated steps so far: { personal?, address?, message? }. */
  data: string;
  client: string;
  registration_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CoursesTable {
  id: Generated<number>;
  course_number: string;
  course_id: string;
  level_id: number;
  age_category: AgeCategory;
  type: string;
  /** Comma-separated rrule weekday codes, e.g. "MO,WE". */
  schedule_days: string;
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  professor_id: number | null;
  assig_percentage: number;
  test_percentage: number;
  exam_percentage: number;
  capacity: number;
  status: RecordStatus;
  created_at: string;
  updated_at: string;
}

export interface EnrollmentsTable {
  id: Generated<number>;
  student_id: number;
  course_id: number;
  start_date: string;
  end_date: string | null;
  end_reason: string | null;
}

export interface HolidaysTable {
  id: Generated<number>;
  name: string;
  start_date: string;
  end_date: string;
  /** null: the whole school is closed. */
  course_id: number | null;
}

export interface SyllabusItemsTable {
  id: Generated<number>;
  level_id: number;
  item_name: string;
  category: GradingCategory;
  position: number;
}

export interface GradingItemsTable {
  id: Generated<number>;
  course_id: number;
  item_name: string;
  category: GradingCategory;
  position: number;
}

export interface GradesTable {
  id: Generated<number>;
  grading_item_id: number;
  student_id: number;
  grade: number;
  updated_at: string;
}

export interface AttendanceTable {
  id: Generated<number>;
  course_id: number;
  session_date: string;
  student_id: number;
  status: AttendanceValue;
  recorded_by: number | null;
  recorded_at: string;
}

export interface TransfersTable {
  id: Generated<number>;
  is_group: number;
  from_course_id: number | null;
  selected_course_id: number;
  selected_level_id: number;
  reason: string | null;
  status: ApprovalStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

export interface TransferStudentsTable {
  transfer_id: number;
  student_id: number;
}

export interface GradeBandsTable {
  id: Generated<number>;
  name: string;
  min: number;
  max: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  details: string | null;
  created_at: string;
}

export type PasswordTokenPurpose = "invite" | "reset";

export interface PasswordTokensTable {
  /** SHA-256 (hex) of the one-time token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  purpose: PasswordTokenPurpose;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** An issued certificate: one number per student and course, reprinted as is. */
export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  student_id: number;
  course_id: number;
  /** YYYY-MM-DD (school time zone) of the first issue. */
  issued_on: string;
  issued_by: number | null;
  created_at: string;
  /** ABCD-EFGH-JKMN (modules/certificates/codes.ts): printed with its QR code, unique (migration 0011). */
  verification_code: string;
  /** Set when staff revoke it (ISO time), with who and why; cleared by a re-issue (ADR 048). */
  revoked_at: string | null;
  revoked_by: number | null;
  revoke_reason: string | null;
}

/** A code a re-issue replaced: it still answers "revoked" (ADR 048). */
export interface CertificateRetiredCodesTable {
  code: string;
  certificate_id: number;
  issued_on: string;
  revoked_at: string;
  revoked_by: number | null;
  revoke_reason: string;
  replaced_at: string;
}

/** One public certificate lookup, for the per-client limit (kept a day: prune.server.ts). */
export interface VerifyLookupsTable {
  id: Generated<number>;
  client: string;
  created_at: string;
}

/**
 * A student's absence count in a course, absent + 0.5·late (PRODUCT 6), in
 * half absences (absent 2, late 1). Kept by triggers on attendance
 * (migration 0006): never written by the app.
 */
export interface AbsenceCountsTable {
  student_id: number;
  course_id: number;
  half_absences: number;
}

/**
 * How many students have each status. Kept by triggers on students
 * (migration 0014): never written by the app.
 */
export interface StudentCountsTable {
  status: string;
  n: number;
}

/** A page a user starred from its header, listed in their menu (issue 15). */
export interface MenuBookmarksTable {
  id: Generated<number>;
  user_id: number;
  /** The page's path and query, checked reachable by the user's role when saved. */
  path: string;
  /** The page's title when it was starred. */
  label: string;
  created_at: string;
}

/** A menu entry (its id in app/modules/auth/menu.ts) a user pinned to the top of their menu. */
export interface MenuPinsTable {
  user_id: number;
  item_id: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Uploaded pictures (avatars, the school's logo), by the name their URL carries (ADR 038). */
export interface StoredImagesTable {
  name: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export type OutboxStatus = "queued" | "sending" | "sent" | "failed";
export type MailKind = "invite" | "absence_warning" | "absence_danger";

/** An e-mail waiting to go out, or sent, or given up on (migration 0010, ADR 046). */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: MailKind;
  language: string;
  user_id: number | null;
  student_id: number | null;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While `sending`: when a sender that claimed it is presumed gone. */
  leased_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  idempotency_key: string | null;
}

/** An absence threshold e-mail queued for a student in a course: once each, ever. */
export interface AbsenceWarningsTable {
  student_id: number;
  course_id: number;
  threshold: number;
  half_absences: number;
  outbox_id: number | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  students: StudentsTable;
  registrations: RegistrationsTable;
  registration_drafts: RegistrationDraftsTable;
  courses: CoursesTable;
  enrollments: EnrollmentsTable;
  holidays: HolidaysTable;
  syllabus_items: SyllabusItemsTable;
  grading_items: GradingItemsTable;
  grades: GradesTable;
  attendance: AttendanceTable;
  absence_counts: AbsenceCountsTable;
  student_counts: StudentCountsTable;
  transfers: TransfersTable;
  transfer_students: TransferStudentsTable;
  grade_bands: GradeBandsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  password_tokens: PasswordTokensTable;
  certificates: CertificatesTable;
  certificate_retired_codes: CertificateRetiredCodesTable;
  verify_lookups: VerifyLookupsTable;
  menu_bookmarks: MenuBookmarksTable;
  menu_pins: MenuPinsTable;
  stored_images: StoredImagesTable;
  outbox: OutboxTable;
  absence_warnings: AbsenceWarningsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
