import { LANGUAGE_NAMES } from "~/i18n/config";
import { levelById } from "~/modules/levels/levels";

// PURE: the audit log's details (the JSON each change wrote, audit.server.ts)
// as lines a reader understands in any language: each field named by a
// translation key, each value either as written (a name, an email, a code),
// a translation key (a role, a status, yes/no), a date, a level, or a list.
// Ids of people and courses become their names (the read model looks them
// up: referencedIds, then describeDetails with the names found).

export type AuditValue =
  | { text: string }
  | { key: string; values?: Record<string, string | number> }
  | { date: string }
  | { level: string }
  | { weekday: string }
  | { list: AuditValue[] };

export interface AuditLine {
  /** The translation key ("ns:key") that names the field. */
  label: string;
  value?: AuditValue;
  from?: AuditValue;
  to?: AuditValue;
}

export interface AuditNames {
  users: ReadonlyMap<number, string>;
  students: ReadonlyMap<number, string>;
  courses: ReadonlyMap<number, string>;
}

type Kind =
  | "text"
  | "user"
  | "student"
  | "students"
  | "course"
  | "level"
  | "role"
  | "status"
  | "method"
  | "bool"
  | "date"
  | "age"
  | "courseType"
  | "language"
  | "category"
  | "direction"
  | "reason"
  | "count"
  | "changes"
  | "days"
  | "hidden";

const REG = (f: string) => `common:registration.fields.${f}`;
const AUDIT = (f: string) => `users:audit.fields.${f}`;

/** Every field the app writes in an audit entry: how it is named and how its value reads. */
const FIELDS: Record<string, [label: string, kind: Kind]> = {
  first_name: [REG("first_name"), "text"],
  middle_name: [REG("middle_name"), "text"],
  last_name: [REG("last_name"), "text"],
  second_last_name: [REG("second_last_name"), "text"],
  id_number: [REG("id_number"), "text"],
  birthday: [REG("birthday"), "date"],
  phone_number: [REG("phone_number"), "text"],
  address: [REG("address"), "text"],
  age_category: [REG("age_category"), "age"],
  emergency_contact_name: [REG("emergency_contact_name"), "text"],
  emergency_contact_phone: [REG("emergency_contact_phone"), "text"],
  emergency_contact_relationship: [REG("emergency_contact_relationship"), "text"],
  schedule: [REG("schedule"), "text"],
  same_billing: [REG("same_billing"), "bool"],
  billing_address: [REG("billing_address"), "text"],
  where_hear_about_us: [REG("where_hear_about_us"), "text"],
  promotion: [REG("promotion"), "text"],
  message: [REG("message"), "text"],
  level_id: [REG("level"), "level"],
  level: [REG("level"), "level"],
  selected_level_id: [REG("level"), "level"],
  notes: ["students:fields.notes", "text"],
  name: ["users:fields.name", "text"],
  email: ["users:fields.email", "text"],
  role: ["users:fields.role", "role"],
  password: ["users:fields.passwordMethod", "method"],
  method: ["users:fields.passwordMethod", "method"],
  status: ["courses:fields.status", "status"],
  course_number: ["courses:fields.number", "text"],
  type: ["courses:fields.type", "courseType"],
  professor_id: ["courses:fields.professor", "user"],
  start_date: ["courses:fields.startDate", "date"],
  end_date: ["courses:fields.endDate", "date"],
  start_time: ["courses:fields.startTime", "text"],
  end_time: ["courses:fields.endTime", "text"],
  assig_percentage: ["courses:fields.assigPercentage", "text"],
  test_percentage: ["courses:fields.testPercentage", "text"],
  exam_percentage: ["courses:fields.examPercentage", "text"],
  capacity: ["courses:fields.capacity", "text"],
  schedule_days: [AUDIT("scheduleDays"), "days"],
  min: ["courses:bands.min", "text"],
  max: ["courses:bands.max", "text"],
  item_name: [AUDIT("itemName"), "text"],
  category: [AUDIT("category"), "category"],
  direction: [AUDIT("direction"), "direction"],
  items: [AUDIT("items"), "count"],
  grading_items: [AUDIT("items"), "count"],
  session_date: [AUDIT("sessionDate"), "date"],
  students: [AUDIT("students"), "students"],
  student_ids: [AUDIT("students"), "students"],
  student_id: [AUDIT("student"), "student"],
  to: [AUDIT("toCourse"), "course"],
  changes: [AUDIT("changes"), "changes"],
  reason: [AUDIT("reason"), "reason"],
  failed_logins: [AUDIT("failedLogins"), "text"],
  school_name: ["school:settings.fields.name", "text"],
  time_zone: ["school:settings.fields.timeZone", "text"],
  default_language: ["school:settings.fields.language", "language"],
  logo: ["school:settings.fields.logo", "hidden"],
  enrollment_id: [AUDIT("enrollment"), "hidden"],
};

/** Actions whose details are one {from, to} change of a field they name. */
const ACTION_FIELDS: Record<string, string> = { "user.role_changed": "role" };

const STATUSES = new Set(["pending", "approved", "rejected", "active", "inactive"]);
/** The kinds of record whose status words agree with them (common:statuses.<record>.<status>). */
const STATUS_RECORDS: Record<string, ReadonlySet<string>> = {
  registration: new Set(["pending", "approved", "rejected"]),
  transfer: new Set(["pending", "approved", "rejected"]),
  student: new Set(["active", "inactive"]),
  course: new Set(["active", "inactive"]),
  user: new Set(["active", "inactive"]),
};

/** The record a status belongs to: the action's ("course.updated" → course), else a student's or a registration's. */
function statusKeyOf(status: string, action: string | undefined) {
  const record = action?.split(".")[0] ?? "";
  const kind = STATUS_RECORDS[record]?.has(status)
    ? record
    : STATUS_RECORDS.student.has(status)
      ? "student"
      : "registration";
  return `common:statuses.${kind}.${status}`;
}
const ROLES = new Set(["admin_staff", "coordinator", "receptionist", "financial", "professor", "student"]);
const COURSE_TYPE_KEYS: Record<string, string> = {
  "on-site": "onSite",
  "private - online": "privateOnline",
  online: "online",
  private: "private",
};
const CATEGORY_KEYS: Record<string, string> = {
  ASSIGNMENTS: "assignments",
  "PROGRESS TESTS": "progressTests",
  EXAM: "exam",
};

const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

function parse(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    const value: unknown = JSON.parse(details);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A field's kind; course_id is a course's code as typed (a string) or a course by id. */
function fieldOf(key: string, value: unknown): [string, Kind] | undefined {
  if (key === "course_id")
    return typeof value === "string" ? ["courses:fields.code", "text"] : [AUDIT("course"), "course"];
  return FIELDS[key];
}

/** The people and courses an entry's details name by id (looked up once for a page of entries). */
export function referencedIds(
  details: string | null,
  into: { users: Set<number>; students: Set<number>; courses: Set<number> },
) {
  const visit = (obj: Record<string, unknown>) => {
    for (const [key, raw] of Object.entries(obj)) {
      const values = raw && typeof raw === "object" && "from" in raw && "to" in raw ? [raw.from, raw.to] : [raw];
      const kind = fieldOf(
        key,
        values.find((v) => v !== null),
      )?.[1];
      for (const v of values.flat()) {
        if (kind === "user" && isId(v)) into.users.add(v);
        if ((kind === "student" || kind === "students") && isId(v)) into.students.add(v);
        if (kind === "course" && isId(v)) into.courses.add(v);
      }
      if (key === "changes" && raw && typeof raw === "object" && !Array.isArray(raw))
        visit(raw as Record<string, unknown>);
    }
  };
  const obj = parse(details);
  if (obj) visit(obj);
}

function valueOf(kind: Kind, v: unknown, names: AuditNames, action?: string): AuditValue {
  if (v === null || v === undefined || v === "") return { key: "users:audit.values.none" };
  const text = (): AuditValue => ({ text: typeof v === "string" ? v : JSON.stringify(v) });
  const byId = (map: ReadonlyMap<number, string>) =>
    isId(v) ? (map.has(v) ? { text: map.get(v)! } : { key: "users:audit.values.removed" }) : text();
  switch (kind) {
    case "user":
      return byId(names.users);
    case "student":
      return byId(names.students);
    case "course":
      return byId(names.courses);
    case "students":
      return Array.isArray(v) ? { list: v.map((one) => valueOf("student", one, names)) } : text();
    case "level": {
      const level = isId(v) ? levelById(v) : undefined;
      return level ? { level: level.name } : text();
    }
    case "role":
      return typeof v === "string" && ROLES.has(v) ? { key: `common:roles.${v}` } : text();
    case "status":
      return typeof v === "string" && STATUSES.has(v) ? { key: statusKeyOf(v, action) } : text();
    case "method":
      return v === "link" || v === "password" ? { key: `users:audit.values.method_${v}` } : text();
    case "bool":
      return typeof v === "boolean" || v === 0 || v === 1
        ? { key: v ? "common:registration.yes" : "common:registration.no" }
        : text();
    case "date":
      return typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? { date: v } : text();
    case "age":
      return v === "kids" || v === "adults" ? { key: `common:registration.age.${v}` } : text();
    case "courseType":
      return typeof v === "string" && COURSE_TYPE_KEYS[v] ? { key: `courses:types.${COURSE_TYPE_KEYS[v]}` } : text();
    case "language":
      return typeof v === "string" && v in LANGUAGE_NAMES
        ? { text: LANGUAGE_NAMES[v as keyof typeof LANGUAGE_NAMES] }
        : text();
    case "category":
      return typeof v === "string" && CATEGORY_KEYS[v] ? { key: `gradebook:categories.${CATEGORY_KEYS[v]}` } : text();
    case "direction":
      return v === "up" || v === "down" ? { key: `users:audit.values.${v}` } : text();
    case "reason":
      return v === "failed sign-ins" ? { key: "users:audit.values.failedSignIns" } : text();
    case "count":
      return typeof v === "number" ? { key: "users:audit.values.count", values: { count: v } } : text();
    case "days":
      return typeof v === "string" ? { list: v.split(",").map((d) => ({ weekday: d })) } : text();
    case "changes":
      return Array.isArray(v) ? { key: "users:audit.values.changed", values: { count: v.length } } : text();
    default:
      return text();
  }
}

/**
 * An entry's details as lines ({from, to} pairs as a change; a "changes"
 * object as one line per field). A field the app does not know keeps its
 * name and value as written (an older entry), never dropped.
 */
export function describeDetails(details: string | null, names: AuditNames, action?: string): AuditLine[] {
  if (!details) return [];
  const parsed = parse(details);
  if (!parsed) return [{ label: AUDIT("other"), value: { text: details } }];
  // A change whose field the action names ({from, to} of user.role_changed): that field's change.
  const keys = Object.keys(parsed);
  const field = action ? ACTION_FIELDS[action] : undefined;
  const obj = field && keys.length === 2 && "from" in parsed && "to" in parsed ? { [field]: parsed } : parsed;
  const lines: AuditLine[] = [];
  const visit = (o: Record<string, unknown>) => {
    for (const [key, raw] of Object.entries(o)) {
      if (key === "changes" && raw && typeof raw === "object" && !Array.isArray(raw)) {
        visit(raw as Record<string, unknown>);
        continue;
      }
      const pair = raw && typeof raw === "object" && !Array.isArray(raw) && "from" in raw && "to" in raw;
      const field = fieldOf(key, pair ? ((raw as { to: unknown }).to ?? (raw as { from: unknown }).from) : raw);
      if (field?.[1] === "hidden") {
        if (pair) lines.push({ label: field[0], value: { key: "users:audit.values.updated" } });
        continue;
      }
      const [label, kind] = field ?? [AUDIT("other"), "text" as Kind];
      const shown = field ? undefined : { text: key };
      if (pair) {
        const { from, to } = raw as { from: unknown; to: unknown };
        lines.push({
          label,
          from: valueOf(kind, from, names, action),
          to: valueOf(kind, to, names, action),
          ...(shown ? { value: shown } : {}),
        });
      } else if (field) {
        lines.push({ label, value: valueOf(kind, raw, names, action) });
      } else {
        lines.push({ label, value: { text: `${key} = ${typeof raw === "string" ? raw : JSON.stringify(raw)}` } });
      }
    }
  };
  visit(obj);
  return lines;
}
