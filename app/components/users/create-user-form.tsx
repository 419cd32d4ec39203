import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { PasswordChoice, UserFields } from "./user-forms";

// The new user's form: its own module, so that a user's page does not load it.

type LastResult = SubmissionResult<string[]> | null | undefined;

/** A new user: their account, and their first password or a one-time link. */
export function CreateUserForm({ rules, lastResult }: { rules: FieldRules; lastResult: LastResult }) {
  const { t } = useTranslation("users");
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.createUserSchema));
  const [form, fields] = useAppForm({
    id: "create-user",
    lastResult,
    constraint: rules,
    defaultValue: { method: "password" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-2">
      {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
      <UserFields name={fields.name} email={fields.email} role={fields.role} />
      <PasswordChoice
        method={fields.method}
        password={fields.password}
        order={["password", "link"]}
        passwordLabel={t("fields.initialPassword")}
      />
      <SubmitButton>{t("create.submit")}</SubmitButton>
    </Form>
  );
}
