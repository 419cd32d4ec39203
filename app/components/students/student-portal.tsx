import { type SubmissionResult, getFormProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useFormat } from "~/components/format";
import { FieldError, SubmitButton } from "~/components/forms";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

/** How the student page answers the invitation's refusals (inviteStudent's reasons): the form's message, 409. */
export const INVITE_REFUSALS = {
  noEmail: { form: "mail:portal.errors.noEmail", status: 409 },
  studentInactive: { form: "mail:portal.errors.inactive", status: 409 },
  emailTaken: { form: "mail:portal.errors.emailTaken", status: 409 },
} as const;

export interface StudentPortalView {
  state: "access" | "invited" | "none";
  hasEmail: boolean;
  lastInvite: string | null;
  language: string;
  mail: { id: number; kind: string; status: string; created_at: string; sent_at: string | null; recipient: string }[];
  warnings: {
    course_id: number;
    course_code: string;
    threshold: number;
    half_absences: number;
    created_at: string;
    status: string | null;
    sent_at: string | null;
  }[];
}

/**
 * Issue 21: the student's portal account (access, invited, none; the last
 * invitation), the invite form for the roles that may, the e-mails the
 * student was sent and the absence warnings among them.
 */
export function StudentPortal({
  portal,
  canInvite,
  lastResult,
}: {
  portal: StudentPortalView;
  canInvite: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("mail");
  const format = useFormat();
  const [form, fields] = useAppForm({ id: "invite", lastResult, defaultValue: { language: portal.language } });
  const language = getSelectProps(fields.language);
  return (
    <>
      <section id="portal" aria-labelledby="portal-heading" className="card space-y-3">
        <h2 id="portal-heading" className="text-lg font-semibold">
          {t("portal.title")}
        </h2>
        <p data-portal-state={portal.state}>
          {t(
            portal.state === "access"
              ? "portal.hasAccess"
              : portal.state === "invited"
                ? "portal.invited"
                : "portal.none",
          )}
          {portal.lastInvite ? (
            <>
              {" "}
              {t("common:colon", { label: t("portal.lastInvite") })} {format.dateTime(portal.lastInvite)}
            </>
          ) : null}
        </p>
        {!portal.hasEmail ? <p className="text-sm text-slate-700">{t("portal.noEmail")}</p> : null}
        {canInvite && portal.hasEmail ? (
          <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="invite" />
            {form.errors?.length ? (
              <div className="w-full">
                <FormAlert plain>{t(form.errors[0])}</FormAlert>
              </div>
            ) : null}
            <div className="field min-w-0 flex-1 basis-48">
              <label htmlFor={fields.language.id} className="field-label">
                {t("portal.language")}
              </label>
              <select {...language} key={language.key} className="field-input">
                {LANGUAGES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </option>
                ))}
              </select>
              <FieldError id={fields.language.errorId} errors={fields.language.errors} />
            </div>
            <SubmitButton className="btn-primary whitespace-nowrap">
              {t(portal.state === "none" ? "portal.invite" : "portal.reinvite")}
            </SubmitButton>
            {portal.state !== "none" ? (
              <p className="w-full text-xs text-slate-700">{t("portal.reinviteHelp")}</p>
            ) : null}
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="warnings-heading" className="card">
        <h2 id="warnings-heading" className="mb-3 text-lg font-semibold">
          {t("portal.warnings.title")}
        </h2>
        <DataTable
          label={t("portal.warnings.title")}
          className=""
          rows={portal.warnings}
          rowKey={(w) => `${w.course_id}-${w.threshold}`}
          whenEmpty={<p className="text-slate-700">{t("portal.warnings.none")}</p>}
          columns={[
            { header: t("portal.warnings.course"), className: "font-medium", cell: (w) => w.course_code },
            { header: t("portal.warnings.threshold"), align: "end", cell: (w) => format.number(w.threshold) },
            { header: t("portal.warnings.count"), align: "end", cell: (w) => format.number(w.half_absences / 2, 1) },
            { header: t("portal.warnings.date"), cell: (w) => format.dateTime(w.created_at) },
            {
              header: t("portal.mail.status"),
              cell: (w) => (w.status ? t(`outbox.statuses.${w.status}`) : t("portal.warnings.covered")),
            },
          ]}
        />
      </section>
      <section aria-labelledby="mail-heading" className="card">
        <h2 id="mail-heading" className="mb-3 text-lg font-semibold">
          {t("portal.mail.title")}
        </h2>
        <DataTable
          label={t("portal.mail.title")}
          className=""
          rows={portal.mail}
          rowKey={(m) => m.id}
          whenEmpty={<p className="text-slate-700">{t("portal.mail.none")}</p>}
          columns={[
            { header: t("portal.mail.kind"), className: "font-medium", cell: (m) => t(`outbox.kinds.${m.kind}`) },
            { header: t("portal.mail.status"), cell: (m) => t(`outbox.statuses.${m.status}`) },
            { header: t("portal.mail.date"), cell: (m) => format.dateTime(m.created_at) },
            { header: t("portal.mail.sentAt"), cell: (m) => (m.sent_at ? format.dateTime(m.sent_at) : "—") },
          ]}
        />
      </section>
    </>
  );
}
