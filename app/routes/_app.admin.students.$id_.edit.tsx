import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StudentForm, StudentFormPage } from "~/components/students/student-form";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { titleMeta } from "~/components/ui/meta";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { STUDENT_SAVE_REFUSALS, found } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { studentEditPage, studentFormRules } from "~/modules/students/pages.server";
import { studentFields, studentForms } from "~/modules/students/schema";
import { updateStudent } from "~/modules/students/students.server";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "students:edit");
  const page = found(await studentEditPage(requireId(params)));
  const t = await translator(request, "students");
  return json({
    ...page,
    title: t("editTitle", { name: page.name }),
    rules: fieldRules(studentFields({ today: page.today, legacyHear: page.legacyHear })),
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "students:edit");
  // The form's rules depend on the student (a stored "where did you hear" outside the list is kept).
  const { student, ...rules } = found(await studentFormRules(requireId(params)));
  return handleIntents(request, {
    guard: async () => ({ user }),
    forms: studentForms(rules),
    defaultIntent: "save",
    intents: {
      save: async (value, { user }) =>
        ifDone(
          await updateStudent(student.id, value, user.id),
          toastTo(`/admin/students/${student.id}`, "students:saved"),
        ),
    },
    refusals: STUDENT_SAVE_REFUSALS,
  });
}

export default function EditStudent() {
  const { id, name, defaults, legacyHear, today, rules } = useLoaderData<typeof loader>();
  const saved = useIntentResult<typeof action>("save")?.result;
  const { t } = useStudentsTranslation();
  const here = `/admin/students/${id}`;
  return (
    <StudentFormPage back={here} backLabel={t("backToStudent")} title={t("editTitle", { name })}>
      <StudentForm
        id={`student-${id}`}
        defaults={defaults}
        legacyHear={legacyHear}
        today={today}
        rules={rules}
        lastResult={saved}
        cancelTo={here}
      />
    </StudentFormPage>
  );
}
