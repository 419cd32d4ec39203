import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { appName, useAppNames } from "~/components/app-names";
import { formatList } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { AddItemForm, CategoryItems, LevelPicker } from "~/components/grades/syllabus";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { searchId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { addItemSchema, renameItemSchema, syllabusForms } from "~/modules/grades/schema";
import { GRADING_CATEGORIES, syllabusLevel } from "~/modules/grades/syllabus";
import {
  addSyllabusItem,
  createDefaultSyllabus,
  moveSyllabusItem,
  removeSyllabusItem,
  renameSyllabusItem,
  syllabusPage,
} from "~/modules/grades/syllabus.server";

export const handle = { i18n: ["common", "courses"] };

function levelFrom(request: Request) {
  const id = searchId(request, "level");
  return id === null ? undefined : syllabusLevel(id);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "syllabus:manage");
  const [page, t] = await Promise.all([syllabusPage(levelFrom(request)), translator(request, "courses")]);
  const title = page.level ? `${t("syllabus.title")} · ${appName(t, "level", page.level.name)}` : t("syllabus.title");
  return json({ title, ...page, rules: { add: fieldRules(addItemSchema), rename: fieldRules(renameItemSchema) } });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => {
      const user = await requirePermission(request, "syllabus:manage");
      const level = levelFrom(request) ?? notFound();
      return { user, level, here: `/admin/syllabus?level=${level.id}` };
    },
    forms: syllabusForms,
    target: "item_id",
    intents: {
      add: async ({ item_name, category }, { user, level, here }) => {
        await addSyllabusItem(level.id, { item_name, category }, user.id);
        return toastTo(here, "courses:syllabus.added");
      },
      rename: async ({ item_id, item_name }, { user, level, here }) =>
        ifDone(
          await renameSyllabusItem(level.id, item_id, item_name, user.id),
          toastTo(here, "courses:syllabus.renamed"),
        ),
      move: async ({ item_id, direction }, { user, level, here }) =>
        ifDone(
          await moveSyllabusItem(level.id, item_id, direction, user.id),
          toastTo(`${here}#item-${item_id}`, "courses:syllabus.moved"),
        ),
      remove: async ({ item_id }, { user, level, here }) =>
        ifDone(await removeSyllabusItem(level.id, item_id, user.id), toastTo(here, "courses:syllabus.removed")),
      defaults: async (_, { user, level, here }) =>
        ifDone(await createDefaultSyllabus(level.id, user.id), toastTo(here, "courses:syllabus.defaultsCreated")),
    },
    refusals: {
      notFound: { form: "courses:syllabus.errors.notFound", status: 404 },
      notEmpty: { form: "courses:syllabus.errors.notEmpty", status: 409 },
    },
  });
}

export default function Syllabus() {
  const { level, items, counts, rules } = useLoaderData<typeof loader>();
  const renamed = useIntentResult<typeof action>("rename");
  const added = useIntentResult<typeof action>("add")?.result;
  const formError = useIntentResult<typeof action>(["move", "remove", "defaults"])?.result.error?.[""]?.[0];
  const { t, i18n } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const appNames = useAppNames();
  const [params] = useSearchParams();
  const toRemove = items.find((i) => i.id === Number(params.get("remove")));
  const here = level ? `/admin/syllabus?level=${level.id}` : "/admin/syllabus";

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
      <LevelPicker current={level?.id ?? null} counts={counts} />

      {!level ? (
        <p className="text-slate-700">{t("syllabus.pickLevel")}</p>
      ) : (
        <section aria-labelledby="level-heading" className="space-y-4">
          <div className="card p-4">
            <h2 id="level-heading" className="text-xl font-semibold">
              {appNames.level(level.name)}
            </h2>
            <p className="text-sm text-slate-700">
              {t("syllabus.levelInfo", {
                ages: formatList(
                  i18n.language || "en",
                  level.ages.map((a) => t(`registration.age.${a}`)),
                ),
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
            GRADING_CATEGORIES.map((category) => (
              <CategoryItems
                key={category}
                level={level}
                category={category}
                items={items.filter((i) => i.category === category)}
                rules={rules.rename}
                renamed={renamed}
              />
            ))
          )}
          <AddItemForm exam={level.exam} rules={rules.add} lastResult={added} />
        </section>
      )}

      {toRemove && level ? (
        <ConfirmDialog title={t("syllabus.confirmRemove")} cancelTo={here}>
          <Form method="post" action={here} className="space-y-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item_id" value={toRemove.id} />
            <p className="text-sm text-slate-800">
              {t("syllabus.removeText", { name: appNames.item(toRemove.item_name), level: appNames.level(level.name) })}
            </p>
            <SubmitButton tone="danger">{t("syllabus.remove")}</SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
