import { type SubmissionResult, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useCategoryLabel, Bdi } from "~/components/courses/labels";
import { FieldError, SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { type GradingCategory } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import {
  GRADING_CATEGORIES,
  ITEM_NAME_MAX,
  type SyllabusItem,
  type SyllabusLevel,
  syllabusLevelsFor,
} from "~/modules/grades/syllabus";
import { type ExamType } from "~/modules/levels/levels";
import { useAppNames } from "../app-names";

// The parts of the syllabus page (/admin/syllabus, PRODUCT 7): the level
// picker, a category's items (renamed in place, moved, removed) and the
// form that adds an item.

/** Every level by age category, with its number of items; the current one marked. */
export function LevelPicker({ current, counts }: { current: number | null; counts: Record<string, number> }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const names = useAppNames();
  return (
    <nav aria-label={t("syllabus.levels")} className="card grid gap-4 p-4 sm:grid-cols-2">
      {(["adults", "kids"] as const).map((age) => (
        <div key={age}>
          <h2 className="mb-2 text-sm font-semibold text-slate-800">{t(`registration.age.${age}`)}</h2>
          <ul className="flex flex-wrap gap-2">
            {syllabusLevelsFor(age).map((l) => {
              const here = current === l.id;
              return (
                <li key={l.id}>
                  <Link
                    to={`?level=${l.id}`}
                    aria-current={here ? "page" : undefined}
                    className={`inline-block rounded-md border px-3 py-1 text-sm ${here ? "border-primary-dark bg-primary-dark text-white" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"}`}
                  >
                    <Bdi ltr>{names.level(l.name)}</Bdi>{" "}
                    <span className={here ? "text-white" : "text-slate-700"}>
                      ({t("syllabus.itemCount", { count: counts[l.id] ?? 0 })})
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** One category's items of the level. */
export function CategoryItems({
  level,
  category,
  items,
  rules,
  renamed,
}: {
  level: Pick<SyllabusLevel, "id" | "exam">;
  category: GradingCategory;
  items: readonly SyllabusItem[];
  /** The rename form's field rules. */
  rules: FieldRules;
  /** The rename form's reply for the item it was about. */
  renamed?: { target?: string | null; result: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const names = useAppNames();
  const categoryLabel = useCategoryLabel();
  const label = categoryLabel(category, level.exam);
  const headingId = `cat-${category.replace(" ", "-")}`;
  return (
    <section aria-labelledby={headingId} className="card overflow-x-auto p-4">
      <h3 id={headingId} className="mb-2 text-lg font-semibold">
        {label}
      </h3>
      <DataTable
        label={label}
        scroll={false}
        rows={items}
        rowKey={(item) => item.id}
        rowClassName="align-top"
        rowProps={(item) => ({ id: `item-${item.id}` })}
        whenEmpty={<p className="text-sm text-slate-700">{t("syllabus.noneInCategory")}</p>}
        columns={[
          { header: "#", headerClassName: "w-10", className: "tabular-nums text-slate-700", cell: (_, i) => i + 1 },
          {
            header: t("syllabus.itemName"),
            cell: (item) => (
              <RenameForm
                item={item}
                rules={rules}
                lastResult={renamed?.target === String(item.id) ? renamed.result : undefined}
              />
            ),
          },
          {
            header: t("detail.actions"),
            align: "end",
            cell: (item, i) => (
              <div className="flex flex-wrap justify-end gap-2">
                {i > 0 ? <MoveButton item={item} direction="up" /> : null}
                {i < items.length - 1 ? <MoveButton item={item} direction="down" /> : null}
                <Link
                  to={`?level=${level.id}&remove=${item.id}`}
                  preventScrollReset
                  className={buttonClass("danger", "py-1")}
                >
                  {t("syllabus.remove")}
                  <span className="sr-only"> {names.item(item.item_name)}</span>
                </Link>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

/** An item's name, renamed in place. */
function RenameForm({
  item,
  rules,
  lastResult,
}: {
  item: SyllabusItem;
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const names = useAppNames();
  const check = useLaterSchema(() => import("~/modules/grades/schema").then((m) => m.renameItemSchema));
  const [form, fields] = useAppForm({
    id: `rename-${item.id}`,
    lastResult,
    defaultValue: { item_name: item.item_name },
    constraint: rules,
    shouldValidate: "onBlur",
    onValidate: check,
  });
  const name = fields.item_name;
  const props = getInputProps(name, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="item_id" value={item.id} />
      <div className="min-w-[12rem] flex-1">
        <label htmlFor={name.id} className="sr-only">
          {t("syllabus.nameOf", { name: names.item(item.item_name) })}
        </label>
        <input {...props} key={props.key} maxLength={ITEM_NAME_MAX} className="field-input py-1" />
        <FieldError id={name.errorId} errors={name.errors} />
      </div>
      <button type="submit" className="btn-secondary py-1">
        {t("syllabus.rename")}
        <span className="sr-only"> {names.item(item.item_name)}</span>
      </button>
    </Form>
  );
}

function MoveButton({ item, direction }: { item: SyllabusItem; direction: "up" | "down" }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="item_id" value={item.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className="btn-secondary px-2 py-1"
        aria-label={t(direction === "up" ? "syllabus.moveUp" : "syllabus.moveDown", { name: item.item_name })}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}

/** A new item of the level, in the category chosen. */
export function AddItemForm({
  exam,
  rules,
  lastResult,
}: {
  exam: ExamType | null;
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const categoryLabel = useCategoryLabel();
  const check = useLaterSchema(() => import("~/modules/grades/schema").then((m) => m.addItemSchema));
  const [form, fields] = useAppForm({
    id: "add-item",
    lastResult,
    constraint: rules,
    shouldValidate: "onBlur",
    onValidate: check,
  });
  const nameProps = getInputProps(fields.item_name, { type: "text" });
  const categoryProps = getSelectProps(fields.category);
  return (
    <section aria-labelledby="add-heading" className="card p-4">
      <h3 id="add-heading" className="mb-3 text-lg font-semibold">
        {t("syllabus.add")}
      </h3>
      <Form method="post" {...getFormProps(form)} className="grid gap-x-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="add" />
        <div className="field sm:col-span-2">
          <label htmlFor={fields.item_name.id} className="field-label">
            {t("syllabus.itemName")}
          </label>
          <input {...nameProps} key={nameProps.key} maxLength={ITEM_NAME_MAX} className="field-input" />
          <FieldError id={fields.item_name.errorId} errors={fields.item_name.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.category.id} className="field-label">
            {t("syllabus.category")}
          </label>
          <select {...categoryProps} key={categoryProps.key} className="field-input">
            <option value="">{t("registration.choose")}</option>
            {GRADING_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c, exam)}
              </option>
            ))}
          </select>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <div>
          <SubmitButton>{t("syllabus.addSubmit")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
