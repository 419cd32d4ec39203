import { type FieldMetadata, type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { RadioGroup, SelectField, TextField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { useHydrated } from "~/components/use-hydrated";
import { NewPasswordFields } from "~/components/users/password-fields";
import { useTranslation } from "~/i18n/react";
import { ROLES } from "~/modules/auth/permissions";

// The forms of a user's page, and the fields the new user's form shares (create-user-form.tsx).

type Field = FieldMetadata<string | undefined>;
type LastResult = SubmissionResult<string[]> | null | undefined;

/** A user's name, email and role. */
export function UserFields({ name, email, role }: { name: Field; email: Field; role: Field }) {
  const { t } = useTranslation("users");
  return (
    <>
      <TextField field={name} label={t("fields.name")} autoComplete="off" />
      <TextField field={email} label={t("fields.email")} type="email" autoComplete="off" />
      <SelectField
        field={role}
        label={t("fields.role")}
        placeholder={t("fields.chooseRole")}
        options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
      />
    </>
  );
}

/**
 * How the password is set: a one-time link, or a password typed here (its
 * field hidden while the link is chosen). Without JavaScript both choices
 * show; the server ignores the password when a link was chosen.
 */
export function PasswordChoice({
  method,
  password,
  order,
  passwordLabel,
}: {
  method: Field;
  password: Field;
  order: readonly ("link" | "password")[];
  passwordLabel?: string;
}) {
  const { t } = useTranslation("users");
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(method.initialValue ?? order[0]);
  const labels = { link: t("fields.methodLink"), password: t("fields.methodPassword") };
  return (
    <>
      <RadioGroup
        field={method}
        legend={t("fields.passwordMethod")}
        onChange={setChosen}
        options={order.map((value) => ({ value, label: labels[value] }))}
      />
      <div hidden={hydrated && chosen !== "password"}>
        <NewPasswordFields password={password} label={passwordLabel} />
      </div>
    </>
  );
}

/** A user's account: name, email, role. */
export function EditUserForm({
  user,
  isSelf,
  rules,
  lastResult,
}: {
  user: { name: string; email: string; role: string };
  isSelf: boolean;
  rules: FieldRules;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("users");
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.updateUserSchema));
  const [form, fields] = useAppForm({
    id: "update",
    lastResult,
    defaultValue: { name: user.name, email: user.email, role: user.role },
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    // The key refreshes the defaults after a save.
    <Form key={`${user.name}|${user.email}|${user.role}`} method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="update" />
      <UserFields name={fields.name} email={fields.email} role={fields.role} />
      <p className="text-xs text-slate-700">{isSelf ? t("detail.selfRoleNote") : t("detail.roleNote")}</p>
      <SubmitButton>{t("common:common.save")}</SubmitButton>
    </Form>
  );
}

/** A button that switches the account back on (activate, unlock): no confirmation. */
export function SwitchButton({ intent, label }: { intent: "activate" | "unlock"; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton className="btn-secondary">{label}</SubmitButton>
    </Form>
  );
}

/** The confirmation of a decisive switch (deactivate, lock), in its dialog. */
export function SwitchConfirm({
  intent,
  text,
  label,
  lastResult,
}: {
  intent: "deactivate" | "lock";
  text: string;
  label: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("users");
  const [form] = useAppForm({ id: intent, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-800">{text}</p>
      {form.errors?.length ? (
        <FormAlert id={form.errorId} plain>
          {t(form.errors[0])}
        </FormAlert>
      ) : null}
      <SubmitButton tone="danger">{label}</SubmitButton>
    </Form>
  );
}

/** A password reset by the admin: a one-time link, or a new password. */
export function ResetPasswordForm({ rules, lastResult }: { rules: FieldRules; lastResult: LastResult }) {
  const { t } = useTranslation("users");
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.resetPasswordSchema));
  const [form, fields] = useAppForm({
    id: "reset",
    lastResult,
    defaultValue: { method: "link" },
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="reset" />
      <p className="text-sm text-slate-800">{t("confirm.resetText")}</p>
      {form.errors?.length ? (
        <FormAlert id={form.errorId} plain>
          {t(form.errors[0])}
        </FormAlert>
      ) : null}
      <PasswordChoice method={fields.method} password={fields.password} order={["link", "password"]} />
      <SubmitButton tone="danger">{t("actions.resetPassword")}</SubmitButton>
    </Form>
  );
}
