import { SchoolFaq } from "~/components/faq/faq-list";
import { titleMeta } from "~/components/ui/meta";
import { titleLoader } from "~/http/title-loader.server";

export const handle = { i18n: ["common", "school"] };

export const loader = titleLoader("teachers-faq:view", "school", "teachersFaq.title");

export const meta = titleMeta;

export default function TeachersFaq() {
  return <SchoolFaq section="teachersFaq" />;
}
