import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StudentForm } from "~/components/students/student-form";
import { useStudentsTranslation } from "~/components/students/use-students-translation";
import { titleMeta } from "~/components/ui/meta";
import { requireId } from "~/http/ids.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { schoolToday } from "~/modules/courses/sessions.server";
import { readForm } from "~/modules/shared/form.server";
import { formValuesOf, studentSchema } from "~/modules/students/schema";
import { getStudent, updateStudent } from "~/modules/students/students.server";
import { toasts } from "~/modules/toast.server";

export const handle = { i18n: ["common", "students"] };

async function load(id: number) {
  const student = await getStudent(id);
  if (!student) notFound();
  return student;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "students:edit");
  const student = await load(requireId(params));
  const name = [student.first_name, student.last_name, student.second_last_name].filter(Boolean).join(" ");
  const [t, today] = await Promise.all([translator(request, "students"), schoolToday()]);
  return json({
    today,
    id: student.id,
    name,
    title: t("editTitle", { name }),
    defaults: formValuesOf(student),
    legacyHear: student.where_hear_about_us,
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "students:edit");
  const student = await load(requireId(params));
  const submission = parseWithZod(await readForm(request), {
    schema: studentSchema({ today: await schoolToday(), legacyHear: student.where_hear_about_us }),
  });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await updateStudent(student.id, submission.value, user.id);
  if (!outcome.ok && outcome.reason === "notFound") notFound();
  if (!outcome.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { id_number: ["students:errors.idNumberTaken"] } }) },
      { status: 409 },
    );
  }
  return toasts(request).redirectWithSuccess(`/admin/students/${student.id}`, "students:saved");
}

export default function EditStudent() {
  const { id, name, defaults, legacyHear, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useStudentsTranslation();
  return (
    <div className="space-y-4">
      <p>
        <Link to={`/admin/students/${id}`} className="text-sm text-primary-dark underline">
          {t("backToStudent")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("editTitle", { name })}</h1>
      <div className="card">
        <StudentForm
          id={`student-${id}`}
          defaults={defaults}
          legacyHear={legacyHear}
          today={today}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          cancelTo={`/admin/students/${id}`}
        />
      </div>
    </div>
  );
}
