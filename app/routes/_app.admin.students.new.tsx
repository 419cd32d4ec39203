import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StudentForm, StudentFormPage } from "~/components/students/student-form";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { titleMeta } from "~/components/ui/meta";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, toastTo } from "~/http/intents.server";
import { STUDENT_SAVE_REFUSALS } from "~/http/outcome.server";
import { translator } from "~/i18n/i18n.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { studentFields, studentForms } from "~/modules/students/schema";
import { createStudent } from "~/modules/students/students.server";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "students:edit");
  const [t, today] = await Promise.all([translator(request, "students"), schoolToday()]);
  return json({ title: t("newTitle"), today, rules: fieldRules(studentFields({ today })) });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "students:edit");
  return handleIntents(request, {
    guard: async () => ({ user }),
    forms: studentForms({ today: await schoolToday() }),
    defaultIntent: "save",
    intents: {
      save: async (value, { user }) => {
        const outcome = await createStudent(value, user.id);
        return outcome.ok ? toastTo(`/admin/students/${outcome.id}`, "students:saved") : outcome;
      },
    },
    refusals: STUDENT_SAVE_REFUSALS,
  });
}

export default function NewStudent() {
  const { today, rules } = useLoaderData<typeof loader>();
  const saved = useIntentResult<typeof action>("save")?.result;
  const { t } = useStudentsTranslation();
  return (
    <StudentFormPage back="/admin/students" backLabel={t("backToList")} title={t("newTitle")}>
      <StudentForm
        id="student-new"
        defaults={{ same_billing: "yes" }}
        today={today}
        rules={rules}
        lastResult={saved}
        cancelTo="/admin/students"
      />
    </StudentFormPage>
  );
}
