import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";

/** From the staff report to the course's certificates (codes, revoke, re-issue). */
export function CertificatesLink({ courseId }: { courseId: number }) {
  const { t } = useTranslation("verify");
  return (
    <p>
      <Link to={`/admin/courses/${courseId}/certificates`} className="font-semibold text-primary-dark underline">
        {t("staff.link")}
      </Link>
    </p>
  );
}
