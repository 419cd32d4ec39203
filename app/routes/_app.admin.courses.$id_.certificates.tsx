import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { PageHeader } from "~/components/ui/page-header";
import { CourseCertificates } from "~/components/verify/course-certificates";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { courseCertificatesPage, reissueCertificate, revokeCertificate } from "~/modules/certificates/revoke.server";
import { certificateForms } from "~/modules/certificates/schema";

// A course's issued certificates (issue 21, ADR 048): their verification codes,
// revoke (with a reason) and re-issue, for admin staff and coordinators.
export const handle = { i18n: ["common", "verify"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "certificates:revoke");
  const page = (await courseCertificatesPage(requireId(params))) ?? notFound();
  const t = await translator(request, "verify");
  return json({
    title: t("staff.title", { code: page.course.code }),
    ...page,
    rules: fieldRules(certificateForms.revoke),
  });
}

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requirePermission(request, "certificates:revoke"), courseId: requireId(params) }),
    forms: certificateForms,
    target: "certificate_id",
    intents: {
      revoke: async ({ certificate_id, reason }, { user, courseId }) =>
        ifDone(
          await revokeCertificate(courseId, certificate_id, reason, user.id),
          toastTo(`/admin/courses/${courseId}/certificates`, "verify:staff.done.revoked"),
        ),
      reissue: async ({ certificate_id }, { user, courseId }) =>
        ifDone(
          await reissueCertificate(courseId, certificate_id, user.id, await schoolToday()),
          toastTo(`/admin/courses/${courseId}/certificates`, "verify:staff.done.reissued"),
        ),
    },
    refusals: {
      notFound: { form: "verify:staff.errors.notFound", status: 404 },
      alreadyRevoked: { form: "verify:staff.errors.alreadyRevoked", status: 409 },
      notRevoked: { form: "verify:staff.errors.notRevoked", status: 409 },
    },
  });
}

export default function CourseCertificatesPage() {
  const { title, course, certificates, timeZone, rules } = useLoaderData<typeof loader>();
  const revoke = useIntentResult<typeof action>("revoke");
  const reissue = useIntentResult<typeof action>("reissue");
  const { t } = useTranslation("verify");
  const result = (intent: "revoke" | "reissue", id: number) => {
    const reply = intent === "revoke" ? revoke : reissue;
    return reply && reply.target === String(id) ? reply.result : undefined;
  };
  return (
    <div className="space-y-6">
      <Link to={`/admin/courses/${course.id}/report`} className="text-sm text-primary-dark underline">
        {t("staff.back")}
      </Link>
      <div>
        <PageHeader title={title} />
        <p className="text-sm text-slate-700">{t("staff.intro", { url: "/certificates/verify" })}</p>
      </div>
      <CourseCertificates certificates={certificates} timeZone={timeZone} rules={rules} result={result} />
    </div>
  );
}
