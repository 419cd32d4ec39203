import { type Role } from "~/db/schema";
import { can } from "~/modules/auth/permissions";
import { rowId } from "~/modules/shared/ids";
import { refuse } from "~/modules/shared/outcome";
import { transferFormData } from "./form.server";
import { courseChoices, getTransfer, listTransfers, parseTransferFilters } from "./transfers.server";

// The read models of the transfer pages (issue 17): what each page shows, in one call.

/** The list (a page of the filtered transfers), the transfer opened by ?id=, the filter's courses and what the role may do. */
export async function transferListPage(params: URLSearchParams, role: Role) {
  const filters = parseTransferFilters(params);
  const openId = rowId(params.get("id"));
  const [list, open, courses] = await Promise.all([
    listTransfers(filters),
    openId !== null ? getTransfer(openId) : Promise.resolve(null),
    courseChoices(),
  ]);
  return {
    ...list,
    page: filters.page,
    limit: filters.limit,
    open,
    courses,
    canEdit: can(role, "transfers:edit"),
    canDecide: can(role, "transfers:decide"),
  };
}

/** The new-transfer form, its students those of the course `from` (?from=), the next level preselected. */
export async function newTransferPage(from: number | null) {
  const data = await transferFormData(from, null);
  const none: number[] = [];
  const defaults = { student_ids: none, selected_course_id: null, selected_level_id: data.suggestedLevel, reason: "" };
  return { ...data, defaults };
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
