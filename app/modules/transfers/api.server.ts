import { type TransferStudent, listTransfers, parseTransferFilters, pendingTransfers } from "./transfers.server";

type ListRow = Awaited<ReturnType<typeof listTransfers>>["rows"][number];
type PendingItem = Awaited<ReturnType<typeof pendingTransfers>>["items"][number];

const fullName = (s: Pick<TransferStudent, "first_name" | "last_name" | "second_last_name">) =>
  `${s.first_name} ${s.last_name} ${s.second_last_name}`.trim();

/** The spec's get-pending item: transfer_data {…} and students [{student {cedula, user {name}}}]. */
export function pendingItemShape(item: PendingItem) {
  return {
    transfer_data: {
      id: item.id,
      is_group: item.is_group,
      selected_course: { course_name: item.course_name },
      selected_level: { full_level: item.full_level },
      created_at: item.created_at,
    },
    students: item.students.map((s) => ({ student: { cedula: s.cedula, user: { name: s.name } } })),
  };
}

/** A transfer of get-all / get-approved, in the same vocabulary. */
export function transferShape(row: ListRow) {
  return {
    id: row.id,
    is_group: row.is_group === 1,
    status: row.status,
    reason: row.reason,
    from_course: row.from_course_id ? { id: row.from_course_id, course_name: row.from_course_code } : null,
    selected_course: { id: row.selected_course_id, course_name: row.to_course_code },
    selected_level: { id: row.selected_level_id, full_level: row.level },
    created_at: row.created_at,
    created_by: row.created_by_name,
    decided_at: row.decided_at,
    decided_by: row.decided_by_name,
    students: row.students.map((s) => ({ student: { id: s.id, cedula: s.id_number, user: { name: fullName(s) } } })),
  };
}

/** get-all (every status) and get-approved: a page of the filtered transfers in the API's vocabulary. */
export async function transferApiList(params: URLSearchParams, status?: "approved") {
  const filters = { ...parseTransferFilters(params), ...(status ? { status_level_change: status } : {}) };
  const { rows, total } = await listTransfers(filters);
  return { data: rows.map(transferShape), pagination: { page: filters.page, limit: filters.limit, total } };
}

/** get-pending: the pending transfers in the spec's item shape (what the bell polls), with their count. */
export async function pendingApiList() {
  const { items, count } = await pendingTransfers(100);
  return { data: items.map(pendingItemShape), count };
}
