import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup, SelectField, TextField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { NewPasswordFields } from "~/components/ui/form-fields";
import { titleMeta } from "~/components/ui/meta";
import { useHydrated } from "~/components/use-hydrated";
import { OneTimeLink } from "~/components/users";
import { useIntentResult } from "~/http/intents";
import { handleIntents, show, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { ROLES } from "~/modules/auth/permissions";
import { PASSWORD_FIELDS, createUserSchema } from "~/modules/users/schema";
import { createUser, passwordLinkPath } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "users:manage");
  const t = await translator(request, "users");
  return json({ title: t("create.title") });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ actor: await requirePermission(request, "users:manage") }),
    forms: { create: createUserSchema },
    defaultIntent: "create",
    hideFields: PASSWORD_FIELDS,
    intents: {
      create: async (value, { actor }) => {
        const outcome = await createUser(value, actor.id);
        if (!outcome.ok) return outcome;
        if (!outcome.token) return toastTo(`/admin/users/${outcome.id}`, "users:toasts.created");
        // The link is shown this once: only its hash is kept, so it cannot be shown again.
        return show({
          created: {
            id: outcome.id,
            name: value.name,
            link: new URL(passwordLinkPath(outcome.token), request.url).toString(),
          },
        });
      },
    },
    refusals: { emailTaken: { field: "email", message: "users:errors.emailTaken" } },
  });
}

export default function NewUser() {
  const actionData = useIntentResult<typeof action>("create");
  const { t } = useTranslation("users");
  const [form, fields] = useForm({
    id: "create-user",
    lastResult: actionData?.created ? null : actionData?.result,
    constraint: getZodConstraint(createUserSchema),
    defaultValue: { method: "password" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserSchema }),
  });
  const [method, setMethod] = useState(fields.method.initialValue ?? "password");
  const hydrated = useHydrated();
  const created = actionData?.created;

  return (
    <div className="max-w-2xl space-y-4">
      <p>
        <Link to="/admin/users" className="text-sm text-primary-dark underline">
          {t("backToList")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("create.title")}</h1>
      {created ? (
        <>
          <OneTimeLink link={created.link} title={t("create.createdWithLink", { name: created.name })} />
          <p className="flex flex-wrap gap-3">
            <Link to={`/admin/users/${created.id}`} className="btn-primary">
              {t("create.openUser")}
            </Link>
            <Link to="/admin/users/new" reloadDocument className="btn-secondary">
              {t("create.another")}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card space-y-2">
          {form.errors?.length ? (
            <div
              id={form.errorId}
              role="alert"
              className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
            >
              {t(form.errors[0])}
            </div>
          ) : null}
          <TextField field={fields.name} label={t("fields.name")} autoComplete="off" />
          <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="off" />
          <SelectField
            field={fields.role}
            label={t("fields.role")}
            placeholder={t("fields.chooseRole")}
            options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
          />
          <RadioGroup
            field={fields.method}
            legend={t("fields.passwordMethod")}
            onChange={setMethod}
            options={[
              { value: "password", label: t("fields.methodPassword") },
              { value: "link", label: t("fields.methodLink") },
            ]}
          />
          {/* Without JavaScript both choices show; the server ignores the password when a link was chosen. */}
          <div hidden={hydrated && method === "link"}>
            <NewPasswordFields password={fields.password} label={t("fields.initialPassword")} />
          </div>
          <SubmitButton>{t("create.submit")}</SubmitButton>
        </Form>
      )}
    </div>
  );
}
