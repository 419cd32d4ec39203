import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { courseCode } from "~/modules/courses/options.server";
import { rowId } from "~/modules/shared/ids";
import { refuse } from "~/modules/shared/outcome";
import { transferFormData } from "./form.server";
import { TRANSFER_SEARCH_MAX } from "./limits";
import {
  currentCourseOf,
  getTransfer,
  listTransfers,
  parseTransferFilters,
  searchStudentsForTransfer,
} from "./transfers.server";

// The read models of the transfer pages (issue 17): what each page shows, in one call.

/** The list (a page of the filtered transfers), the transfer opened by ?id=, the course filtered by and what the role may do. */
export async function transferListPage(params: URLSearchParams, role: Role) {
  const filters = parseTransferFilters(params);
  const openId = rowId(params.get("id"));
  const [list, open, course] = await Promise.all([
    listTransfers(filters),
    openId !== null ? getTransfer(openId) : Promise.resolve(null),
    courseCode(filters.course),
  ]);
  return {
    total: list.total,
    // What the table shows, no more (issue 18: the loader data carries only what the page shows).
    rows: list.rows.map((r) => ({
      id: r.id,
      is_group: r.is_group,
      status: r.status,
      from_course: r.from_course,
      to_course: r.to_course,
      level: r.level,
      created_at: r.created_at,
      created_by_name: r.created_by_name,
      decided_at: r.decided_at,
      decided_by_name: r.decided_by_name,
      students: r.students,
    })),
    page: filters.page,
    limit: filters.limit,
    open,
    // The course filter's field shows the course a link filtered by (?course=id); the rest is a search.
    course,
    canEdit: can(role, "transfers:edit"),
    canDecide: can(role, "transfers:decide"),
  };
}

/**
 * The new-transfer form, its students those of the course `from` (?from=), the
 * next level preselected. Or started from a student (issue 19): `student`
 * (?student=, the student's page or the search) picks the course they are in
 * today and ticks them; `q` (?q=) finds students by name, e-mail or id number.
 */
export async function newTransferPage({
  from,
  student,
  q,
}: {
  from: number | null;
  student: number | null;
  q: string | null;
}) {
  const studentCourse = student !== null ? await currentCourseOf(student) : null;
  const course = studentCourse ?? from;
  const [data, found] = await Promise.all([
    transferFormData(course, null),
    q?.trim() ? searchStudentsForTransfer(q) : Promise.resolve(null),
  ]);
  const picked = studentCourse !== null && data.students.some((s) => s.id === student) ? [student as number] : [];
  const defaults = {
    student_ids: picked,
    selected_course_id: null,
    selected_level_id: data.suggestedLevel,
    reason: "",
  };
  return {
    ...data,
    defaults,
    q: q?.trim().slice(0, TRANSFER_SEARCH_MAX) ?? "",
    found,
    // A student asked for who is in no course today: nothing to transfer them from.
    studentWithoutCourse: student !== null && studentCourse === null,
  };
}

/**
 * The edit form of a pending transfer, with the course `from` (?from=) or its
 * own; refused when the transfer is gone or already decided.
 */
export async function editTransferPage(id: number, fromParam: number | null) {
  const transfer = await getTransfer(id);
  if (!transfer) return refuse("notFound");
  if (transfer.status !== "pending") return refuse("notPending");
  const from = fromParam ?? transfer.from_course_id;
  const data = await transferFormData(from, id);
  return {
    ok: true as const,
    ...data,
    id,
    defaults: {
      student_ids: from === transfer.from_course_id ? transfer.students.map((s) => s.id) : [],
      selected_course_id: transfer.selected_course_id,
      selected_level_id: transfer.selected_level_id,
      reason: transfer.reason ?? "",
    },
  };
}
