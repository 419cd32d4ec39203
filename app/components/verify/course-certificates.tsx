import { type SubmissionResult, getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatDay, formatTimestamp } from "~/components/format";
import { FieldError, SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";

export interface StaffCertificate {
  id: number;
  name: string;
  number: string;
  code: string;
  verifyPath: string;
  issuedOn: string;
  revokedAt: string | null;
  revokeReason: string | null;
}

type Result = SubmissionResult<string[]> | undefined;

/** Revoke: a reason (required, length-limited), then the button. */
function RevokeForm({
  certificate,
  rules,
  lastResult,
}: {
  certificate: StaffCertificate;
  rules: FieldRules;
  lastResult: Result;
}) {
  const { t } = useTranslation("verify");
  const check = useLaterSchema(() => import("~/modules/certificates/schema").then((m) => m.certificateForms.revoke));
  const [form, fields] = useAppForm({
    id: `revoke-${certificate.id}`,
    lastResult,
    constraint: rules,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const hintId = `${fields.reason.id}-hint`;
  const props = getTextareaProps(fields.reason, { ariaDescribedBy: hintId });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="certificate_id" value={certificate.id} />
      {form.errors?.length ? <FormAlert>{t(form.errors[0])}</FormAlert> : null}
      <label htmlFor={fields.reason.id} className="field-label">
        {t("staff.reason")}
      </label>
      <p id={hintId} className="text-xs text-slate-700">
        {t("staff.reasonHint")}
      </p>
      {/* Its maxlength is the rules' (REVOKE_REASON_MAX). */}
      <textarea {...props} key={props.key} rows={2} className="field-input" />
      <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      <SubmitButton tone="danger">{t("staff.revoke")}</SubmitButton>
    </Form>
  );
}

/** Re-issue: one button (the certificate is revoked). */
function ReissueForm({ certificate, lastResult }: { certificate: StaffCertificate; lastResult: Result }) {
  const { t } = useTranslation("verify");
  const [form] = useAppForm({ id: `reissue-${certificate.id}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value="reissue" />
      <input type="hidden" name="certificate_id" value={certificate.id} />
      {form.errors?.length ? <FormAlert>{t(form.errors[0])}</FormAlert> : null}
      <SubmitButton>{t("staff.reissue")}</SubmitButton>
    </Form>
  );
}

/** The course's issued certificates, one card each: who, number, code (a link to its public page), state, actions. */
export function CourseCertificates({
  certificates,
  timeZone,
  rules,
  result,
}: {
  certificates: StaffCertificate[];
  timeZone: string;
  /** The revoke form's field rules (the reason's length). */
  rules: FieldRules;
  result: (intent: "revoke" | "reissue", id: number) => Result;
}) {
  const { t, i18n } = useTranslation("verify");
  const lng = i18n.language;
  if (!certificates.length) return <p className="card">{t("staff.empty")}</p>;
  return (
    <ul aria-label={t("staff.caption")} className="space-y-3">
      {certificates.map((c) => (
        <li key={c.id} className="card space-y-3 p-4">
          <h2 className="text-lg font-semibold">{c.name}</h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t("staff.number")}</dt>
            <dd>{c.number}</dd>
            <dt className="font-medium">{t("staff.codeColumn")}</dt>
            <dd>
              <a href={c.verifyPath} dir="ltr" className="font-mono text-primary-dark underline">
                {c.code}
              </a>
            </dd>
            <dt className="font-medium">{t("staff.issued")}</dt>
            <dd>{formatDay(lng, c.issuedOn)}</dd>
            <dt className="font-medium">{t("status")}</dt>
            <dd className={c.revokedAt ? "font-semibold text-rose-900" : "font-semibold text-emerald-900"}>
              {c.revokedAt ? t("revoked") : t("valid")}
            </dd>
          </dl>
          {c.revokedAt ? (
            <>
              <p className="text-sm">
                {t("staff.revokedOn", {
                  date: formatTimestamp(lng, c.revokedAt, timeZone),
                  reason: c.revokeReason ?? "",
                })}
              </p>
              <ReissueForm certificate={c} lastResult={result("reissue", c.id)} />
            </>
          ) : (
            <RevokeForm certificate={c} rules={rules} lastResult={result("revoke", c.id)} />
          )}
        </li>
      ))}
    </ul>
  );
}
