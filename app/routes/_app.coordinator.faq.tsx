import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { FaqList } from "~/components/faq/faq-list";
import { titleMeta } from "~/components/ui/meta";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";

export const handle = { i18n: ["common", "school"] };

/** The questions, in order; their text is in the "school" namespace under coordinatorFaq.items. */
const QUESTIONS = [
  "courses",
  "syllabus",
  "holidays",
  "professors",
  "progress",
  "registrations",
  "transfers",
  "attendanceScore",
  "absenceCount",
  "finalGrade",
  "bands",
  "reports",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "coordinator-faq:view");
  const t = await translator(request, "school");
  return json({ title: t("coordinatorFaq.title") });
}

export const meta = titleMeta;

export default function CoordinatorFaq() {
  const { t } = useTranslation("school");
  return (
    <FaqList
      title={t("coordinatorFaq.title")}
      intro={t("coordinatorFaq.intro")}
      prefix="coordinatorFaq.items"
      keys={QUESTIONS}
    />
  );
}
