import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StudentForm } from "~/components/students/student-form";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { titleMeta } from "~/components/ui/meta";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { studentSchema } from "~/modules/students/schema";
import { createStudent } from "~/modules/students/students.server";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "students"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "students:edit");
  const [t, today] = await Promise.all([translator(request, "students"), schoolToday()]);
  return json({ title: t("newTitle"), today });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "students:edit");
  const submission = parseWithZod(await readForm(request), { schema: studentSchema({ today: await schoolToday() }) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await createStudent(submission.value, user.id);
  if (!outcome.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { id_number: ["students:errors.idNumberTaken"] } }) },
      { status: 409 },
    );
  }
  return toasts(request).redirectWithSuccess(`/admin/students/${outcome.id}`, "students:saved");
}

export default function NewStudent() {
  const { today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useStudentsTranslation();
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/students" className="text-sm text-primary-dark underline">
          {t("backToList")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("newTitle")}</h1>
      <div className="card">
        <StudentForm
          id="student-new"
          defaults={{ same_billing: "yes" }}
          today={today}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          cancelTo="/admin/students"
        />
      </div>
    </div>
  );
}
