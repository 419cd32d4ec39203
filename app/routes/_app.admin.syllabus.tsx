import { type SubmissionResult, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCategoryLabel } from "~/components/courses/labels";
import { FieldError, SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { type GradingCategory } from "~/db/schema";
import { searchId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { addItemSchema, renameItemSchema, syllabusForms } from "~/modules/grades/schema";
import { GRADING_CATEGORIES, ITEM_NAME_MAX, syllabusLevel, syllabusLevelsFor } from "~/modules/grades/syllabus";
import {
  addSyllabusItem,
  createDefaultSyllabus,
  moveSyllabusItem,
  removeSyllabusItem,
  renameSyllabusItem,
  syllabusCounts,
  syllabusOf,
} from "~/modules/grades/syllabus.server";
import { type ExamType } from "~/modules/students/levels";

export const handle = { i18n: ["common", "courses"] };

function levelFrom(request: Request) {
  const id = searchId(request, "level");
  return id === null ? undefined : syllabusLevel(id);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "syllabus:manage");
  const level = levelFrom(request);
  const [counts, items, t] = await Promise.all([
    syllabusCounts(),
    level ? syllabusOf(level.id) : Promise.resolve([]),
    translator(request, "courses"),
  ]);
  return json({
    title: level ? `${t("syllabus.title")} · ${level.name}` : t("syllabus.title"),
    level: level ?? null,
    items,
    counts: Object.fromEntries(counts),
  });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => {
      const user = await requirePermission(request, "syllabus:manage");
      const level = levelFrom(request);
      if (!level) notFound();
      return { user, level, here: `/admin/syllabus?level=${level.id}` };
    },
    forms: syllabusForms,
    target: "item_id",
    intents: {
      add: async ({ item_name, category }, { user, level, here }) => {
        await addSyllabusItem(level.id, { item_name, category }, user.id);
        return toastTo(here, "courses:syllabus.added");
      },
      rename: async (value, { user, level, here }) =>
        ifDone(
          await renameSyllabusItem(level.id, value.item_id, value.item_name, user.id),
          toastTo(here, "courses:syllabus.renamed"),
        ),
      move: async (value, { user, level, here }) =>
        ifDone(
          await moveSyllabusItem(level.id, value.item_id, value.direction, user.id),
          toastTo(`${here}#item-${value.item_id}`, "courses:syllabus.moved"),
        ),
      remove: async (value, { user, level, here }) =>
        ifDone(await removeSyllabusItem(level.id, value.item_id, user.id), toastTo(here, "courses:syllabus.removed")),
      defaults: async (_, { user, level, here }) =>
        ifDone(await createDefaultSyllabus(level.id, user.id), toastTo(here, "courses:syllabus.defaultsCreated")),
    },
    refusals: {
      notFound: { form: "courses:syllabus.errors.notFound", status: 404 },
      notEmpty: { form: "courses:syllabus.errors.notEmpty", status: 409 },
    },
  });
}

type Item = { id: number; item_name: string; category: GradingCategory; position: number };

export default function Syllabus() {
  const { level, items, counts } = useLoaderData<typeof loader>();
  const rename = useIntentResult<typeof action>("rename");
  const added = useIntentResult<typeof action>("add")?.result;
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const [params] = useSearchParams();
  const categoryLabel = useCategoryLabel();
  const removeId = Number(params.get("remove"));
  const toRemove = items.find((i) => i.id === removeId);
  const here = level ? `/admin/syllabus?level=${level.id}` : "/admin/syllabus";
  const formError = useIntentResult<typeof action>(["move", "remove", "defaults"])?.result.error?.[""]?.[0];

  return (
    <div className="space-y-4">
      <PageHeader
        title={t("syllabus.title")}
        actions={
          <Link to="/admin/grade-bands" className="btn-secondary">
            {t("bands.title")}
          </Link>
        }
      />
      <p className="text-sm text-slate-700">{t("syllabus.intro")}</p>

      <nav aria-label={t("syllabus.levels")} className="card grid gap-4 p-4 sm:grid-cols-2">
        {(["adults", "kids"] as const).map((age) => (
          <div key={age}>
            <h2 className="mb-2 text-sm font-semibold text-slate-800">{t(`registration.age.${age}`)}</h2>
            <ul className="flex flex-wrap gap-2">
              {syllabusLevelsFor(age).map((l) => {
                const current = level?.id === l.id;
                return (
                  <li key={l.id}>
                    <Link
                      to={`?level=${l.id}`}
                      aria-current={current ? "page" : undefined}
                      className={`inline-block rounded-md border px-3 py-1 text-sm ${current ? "border-primary-dark bg-primary-dark text-white" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"}`}
                    >
                      {l.name}{" "}
                      <span className={current ? "text-white" : "text-slate-700"}>
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

      {!level ? (
        <p className="text-slate-700">{t("syllabus.pickLevel")}</p>
      ) : (
        <section aria-labelledby="level-heading" className="space-y-4">
          <div className="card p-4">
            <h2 id="level-heading" className="text-xl font-semibold">
              {level.name}
            </h2>
            <p className="text-sm text-slate-700">
              {t("syllabus.levelInfo", {
                ages: level.ages.map((a) => t(`registration.age.${a}`)).join(", "),
                exam: level.exam ?? t("noExam"),
              })}
            </p>
          </div>
          {formError ? <FormAlert>{t(formError)}</FormAlert> : null}
          {items.length === 0 ? (
            <div className="card p-4">
              <p className="mb-3 text-slate-700">{t("syllabus.empty")}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="defaults" />
                <SubmitButton>{t("syllabus.createDefaults")}</SubmitButton>
              </Form>
              <p className="mt-2 text-xs text-slate-700">{t("syllabus.defaultsHint")}</p>
            </div>
          ) : (
            GRADING_CATEGORIES.map((category) => {
              const list = items.filter((i) => i.category === category);
              const label = categoryLabel(category, level.exam as ExamType | null);
              return (
                <section
                  key={category}
                  aria-labelledby={`cat-${category.replace(" ", "-")}`}
                  className="card overflow-x-auto p-4"
                >
                  <h3 id={`cat-${category.replace(" ", "-")}`} className="mb-2 text-lg font-semibold">
                    {label}
                  </h3>
                  <DataTable
                    label={label}
                    scroll={false}
                    rows={list}
                    rowKey={(item) => item.id}
                    rowClassName="align-top"
                    rowProps={(item) => ({ id: `item-${item.id}` })}
                    whenEmpty={<p className="text-sm text-slate-700">{t("syllabus.noneInCategory")}</p>}
                    columns={[
                      {
                        header: "#",
                        headerClassName: "w-10",
                        className: "tabular-nums text-slate-700",
                        cell: (_, i) => i + 1,
                      },
                      {
                        header: t("syllabus.itemName"),
                        cell: (item) => (
                          <RenameForm
                            item={item}
                            lastResult={rename?.target === String(item.id) ? rename.result : undefined}
                          />
                        ),
                      },
                      {
                        header: t("detail.actions"),
                        align: "end",
                        cell: (item, i) => (
                          <div className="flex flex-wrap justify-end gap-2">
                            {i > 0 ? <MoveButton item={item} direction="up" /> : null}
                            {i < list.length - 1 ? <MoveButton item={item} direction="down" /> : null}
                            <Link
                              to={`?level=${level.id}&remove=${item.id}`}
                              preventScrollReset
                              className="btn-secondary py-1 text-secondary-dark"
                            >
                              {t("syllabus.remove")}
                              <span className="sr-only"> {item.item_name}</span>
                            </Link>
                          </div>
                        ),
                      },
                    ]}
                  />
                </section>
              );
            })
          )}
          <AddItemForm exam={level.exam as ExamType | null} lastResult={added} />
        </section>
      )}

      {toRemove && level ? (
        <ConfirmDialog title={t("syllabus.confirmRemove")} cancelTo={here}>
          <Form method="post" action={here} className="space-y-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item_id" value={toRemove.id} />
            <p className="text-sm text-slate-800">
              {t("syllabus.removeText", { name: toRemove.item_name, level: level.name })}
            </p>
            <SubmitButton className="btn-danger">{t("syllabus.remove")}</SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** An item's name, renamed in place. */
function RenameForm({ item, lastResult }: { item: Item; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const [form, fields] = useForm({
    id: `rename-${item.id}`,
    lastResult,
    defaultValue: { item_name: item.item_name },
    constraint: getZodConstraint(renameItemSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameItemSchema }),
  });
  const name = fields.item_name;
  const props = getInputProps(name, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="item_id" value={item.id} />
      <div className="min-w-[12rem] flex-1">
        <label htmlFor={name.id} className="sr-only">
          {t("syllabus.nameOf", { name: item.item_name })}
        </label>
        <input {...props} key={props.key} maxLength={ITEM_NAME_MAX} className="field-input py-1" />
        <FieldError id={name.errorId} errors={name.errors} />
      </div>
      <button type="submit" className="btn-secondary py-1">
        {t("syllabus.rename")}
        <span className="sr-only"> {item.item_name}</span>
      </button>
    </Form>
  );
}

function MoveButton({ item, direction }: { item: Item; direction: "up" | "down" }) {
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

function AddItemForm({ exam, lastResult }: { exam: ExamType | null; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const categoryLabel = useCategoryLabel();
  const [form, fields] = useForm({
    id: "add-item",
    lastResult,
    constraint: getZodConstraint(addItemSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addItemSchema }),
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
        <div className="sm:col-span-2">
          <label htmlFor={fields.item_name.id} className="field-label">
            {t("syllabus.itemName")}
          </label>
          <input {...nameProps} key={nameProps.key} maxLength={ITEM_NAME_MAX} className="field-input" />
          <FieldError id={fields.item_name.errorId} errors={fields.item_name.errors} />
        </div>
        <div>
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
