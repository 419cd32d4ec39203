import { type SubmissionResult, getFormProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TextField } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { useAppForm } from "~/components/use-app-form";
import { NewPasswordFields } from "~/components/users/password-fields";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

// The forms of one's own profile page.

type LastResult = SubmissionResult<string[]> | undefined;

/** One's name (the email is shown, not changed here). */
export function NameForm({
  name,
  email,
  rules,
  lastResult,
}: {
  name: string;
  email: string;
  rules: FieldRules;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("users");
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.profileNameSchema));
  const [form, fields] = useAppForm({
    id: "profile",
    lastResult,
    defaultValue: { name },
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form key={name} method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="profile" />
      <TextField field={fields.name} label={t("fields.name")} autoComplete="name" />
      <div>
        <label htmlFor="profile-email" className="field-label">
          {t("fields.email")}
        </label>
        <input
          id="profile-email"
          type="email"
          value={email}
          readOnly
          aria-describedby="profile-email-hint"
          className="field-input bg-slate-100"
        />
        <p id="profile-email-hint" className="mt-1 text-xs text-slate-700">
          {t("profile.emailReadOnly")}
        </p>
      </div>
      <SubmitButton>{t("common:common.save")}</SubmitButton>
    </Form>
  );
}

/** One's language (also kept in the locale cookie). */
export function LanguageForm({ current, lastResult }: { current: string; lastResult: LastResult }) {
  const { t } = useTranslation("users");
  const [form, fields] = useAppForm({ id: "language", lastResult, defaultValue: { locale: current } });
  const props = getSelectProps(fields.locale);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="language" />
      <div className="min-w-[12rem]">
        <label htmlFor={fields.locale.id} className="field-label">
          {t("common:language.label")}
        </label>
        {/* Not `required`: one language is always chosen (HTML wants an empty first option on a required select). */}
        <select {...props} key={`${props.key}-${current}`} className="field-input">
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
        <FieldError id={fields.locale.errorId} errors={fields.locale.errors} />
      </div>
      <div className="pb-6">
        <SubmitButton>{t("common:common.save")}</SubmitButton>
      </div>
    </Form>
  );
}

/** One's password: the current one, then the new one twice. */
export function PasswordForm({ rules, lastResult }: { rules: FieldRules; lastResult: LastResult }) {
  const { t } = useTranslation("users");
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.changePasswordSchema));
  const [form, fields] = useAppForm({
    id: "password",
    lastResult,
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="password" />
      <TextField
        field={fields.current_password}
        label={t("fields.currentPassword")}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields password={fields.password} confirm={fields.confirm} />
      <p className="text-xs text-slate-700">{t("profile.passwordNote")}</p>
      <SubmitButton>{t("profile.changePasswordSubmit")}</SubmitButton>
    </Form>
  );
}
