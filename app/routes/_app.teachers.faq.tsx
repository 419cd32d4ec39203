import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { FaqList } from "~/components/faq/faq-list";
import { titleMeta } from "~/components/ui/meta";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";

export const handle = { i18n: ["common", "school"] };

/** The questions, in order; their text is in the "school" namespace under teachersFaq.items. */
const QUESTIONS = [
  "home",
  "attendance",
  "attendanceValues",
  "attendanceScore",
  "absenceCount",
  "grades",
  "finalGrade",
  "bands",
  "report",
  "holidays",
  "transfers",
  "newStudents",
  "account",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "teachers-faq:view");
  const t = await translator(request, "school");
  return json({ title: t("teachersFaq.title") });
}

export const meta = titleMeta;

export default function TeachersFaq() {
  const { t } = useTranslation("school");
  return (
    <FaqList
      title={t("teachersFaq.title")}
      intro={t("teachersFaq.intro")}
      prefix="teachersFaq.items"
      keys={QUESTIONS}
    />
  );
}
