import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup, SelectField, TextField } from "~/components/fields";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordFields } from "~/components/ui/form-fields";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { useHydrated } from "~/components/use-hydrated";
import { AvatarForm, LockBadge, OneTimeLink } from "~/components/users";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { NOT_FOUND, type Refusal, handleIntents, ifDone, show, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { ROLES } from "~/modules/auth/permissions";
import { PASSWORD_FIELDS, resetPasswordSchema, updateUserSchema, userPageForms } from "~/modules/users/schema";
import {
  type UserChangeFailure,
  getUser,
  passwordLinkPath,
  resetPassword,
  setUserImage,
  setUserLock,
  setUserStatus,
  updateUser,
} from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, "users:manage");
  const user = await getUser(requireId(params));
  if (!user) notFound();
  const { locked_at, ...rest } = user;
  return json({ user: { ...rest, locked: !!locked_at }, isSelf: actor.id === user.id });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.user.name ?? "" }];

const REFUSALS = {
  notFound: NOT_FOUND,
  emailTaken: { field: "email", message: "users:errors.emailTaken" },
  selfDemotion: { field: "role", message: "users:errors.selfDemotion" },
  selfDeactivation: { form: "users:errors.selfDeactivation" },
  selfLock: { form: "users:errors.selfLock" },
} satisfies Record<UserChangeFailure, Refusal>;

export async function action({ request, params }: ActionFunctionArgs) {
  const here = (id: number) => `/admin/users/${id}`;
  return handleIntents(request, {
    guard: async () => ({ actor: await requirePermission(request, "users:manage"), id: requireId(params) }),
    forms: userPageForms,
    hideFields: PASSWORD_FIELDS,
    image: {
      intent: "avatar",
      field: "avatar",
      messages: "users:errors.image",
      run: async (image, { actor, id }) =>
        ifDone(await setUserImage(id, image, actor.id), toastTo(here(id), "users:toasts.imageSaved")),
    },
    intents: {
      update: async (value, { actor, id }) =>
        ifDone(await updateUser(id, value, actor.id), toastTo(here(id), "users:toasts.saved")),
      reset: async (value, { actor, id }) => {
        const outcome = await resetPassword(
          id,
          value.method === "password" ? { method: "password", password: value.password } : { method: "link" },
          actor.id,
        );
        if (!outcome.ok) return outcome;
        if (!outcome.token) return toastTo(here(id), "users:toasts.passwordReset");
        // Shown this once: only the link's hash is stored.
        return show({ link: new URL(passwordLinkPath(outcome.token), request.url).toString() });
      },
      activate: async (_, { actor, id }) =>
        ifDone(await setUserStatus(id, "active", actor.id), toastTo(here(id), "users:toasts.activated")),
      deactivate: async (_, { actor, id }) =>
        ifDone(await setUserStatus(id, "inactive", actor.id), toastTo(here(id), "users:toasts.deactivated")),
      lock: async (_, { actor, id }) =>
        ifDone(await setUserLock(id, true, actor.id), toastTo(here(id), "users:toasts.locked")),
      unlock: async (_, { actor, id }) =>
        ifDone(await setUserLock(id, false, actor.id), toastTo(here(id), "users:toasts.unlocked")),
      removeAvatar: async (_, { actor, id }) =>
        ifDone(await setUserImage(id, null, actor.id), toastTo(here(id), "users:toasts.imageRemoved")),
    },
    refusals: REFUSALS,
  });
}

export default function UserDetail() {
  const { user, isSelf } = useLoaderData<typeof loader>();
  const update = useIntentResult<typeof action>("update")?.result;
  const reset = useIntentResult<typeof action>("reset");
  const avatar = useIntentResult<typeof action>("avatar")?.result;
  const deactivate = useIntentResult<typeof action>("deactivate")?.result;
  const lock = useIntentResult<typeof action>("lock")?.result;
  // A refusal of a button outside the dialogs (activate, unlock, remove picture) shows at the top.
  const switched = useIntentResult<typeof action>(["activate", "deactivate", "lock", "unlock", "removeAvatar"]);
  const { t } = useTranslation("users");
  const format = useFormat();
  const [params] = useSearchParams();
  const here = `/admin/users/${user.id}`;
  const link = reset?.link ?? null;
  const allowed = new Set<string>(["reset"]);
  if (!isSelf && user.status === "active") allowed.add("deactivate");
  if (!isSelf && !user.locked) allowed.add("lock");
  const requested = params.get("confirm");
  const confirm = !link && requested && allowed.has(requested) ? requested : null;
  const topErrors = !confirm && switched ? switched.result.error?.[""] : null;

  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader
        title={user.name}
        back={{ to: "/admin/users", label: t("backToList") }}
        badge={
          <>
            <StatusBadge status={user.status} />
            <LockBadge locked={user.locked} />
          </>
        }
      />
      <p className="text-sm text-slate-700">
        {t("detail.since", { date: format.date(user.created_at) })} ·{" "}
        {t("detail.updated", { date: format.dateTime(user.updated_at) })}
      </p>
      {topErrors?.length ? <FormAlert>{t(topErrors[0])}</FormAlert> : null}
      {link ? <OneTimeLink link={link} title={t("reset.linkCreated", { name: user.name })} /> : null}

      <section aria-labelledby="details-title" className="card space-y-2">
        <h2 id="details-title" className="text-lg font-semibold">
          {t("detail.account")}
        </h2>
        <EditForm user={user} isSelf={isSelf} lastResult={update} />
      </section>

      <section aria-labelledby="access-title" className="card space-y-4">
        <h2 id="access-title" className="text-lg font-semibold">
          {t("detail.access")}
        </h2>
        {user.failed_logins > 0 ? (
          <p className="text-sm">{t("detail.failedLogins", { count: user.failed_logins })}</p>
        ) : null}
        {isSelf ? <p className="text-sm text-slate-700">{t("detail.selfNote")}</p> : null}
        <div className="flex flex-wrap gap-3">
          {user.status === "active" ? (
            !isSelf ? (
              <Link to="?confirm=deactivate" preventScrollReset className="btn-danger">
                {t("actions.deactivate")}
              </Link>
            ) : null
          ) : (
            <SwitchButton intent="activate" label={t("actions.activate")} />
          )}
          {user.locked || user.failed_logins > 0 ? <SwitchButton intent="unlock" label={t("actions.unlock")} /> : null}
          {!user.locked && !isSelf ? (
            <Link to="?confirm=lock" preventScrollReset className="btn-danger">
              {t("actions.lock")}
            </Link>
          ) : null}
          <Link to="?confirm=reset" preventScrollReset className="btn-secondary">
            {t("actions.resetPassword")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="picture-title" className="card space-y-2">
        <h2 id="picture-title" className="text-lg font-semibold">
          {t("avatar.title")}
        </h2>
        <AvatarForm image={user.image} lastResult={avatar} />
      </section>

      {confirm === "deactivate" ? (
        <ConfirmDialog title={t("confirm.deactivateTitle", { name: user.name })} cancelTo={here}>
          <SwitchConfirm
            intent="deactivate"
            text={t("confirm.deactivateText")}
            label={t("actions.deactivate")}
            lastResult={deactivate}
          />
        </ConfirmDialog>
      ) : null}
      {confirm === "lock" ? (
        <ConfirmDialog title={t("confirm.lockTitle", { name: user.name })} cancelTo={here}>
          <SwitchConfirm intent="lock" text={t("confirm.lockText")} label={t("actions.lock")} lastResult={lock} />
        </ConfirmDialog>
      ) : null}
      {confirm === "reset" ? (
        <ConfirmDialog title={t("confirm.resetTitle", { name: user.name })} cancelTo={here}>
          <ResetForm lastResult={reset?.result} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function EditForm({
  user,
  isSelf,
  lastResult,
}: {
  user: { name: string; email: string; role: string };
  isSelf: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("users");
  const [form, fields] = useForm({
    id: "update",
    lastResult,
    defaultValue: { name: user.name, email: user.email, role: user.role },
    constraint: getZodConstraint(updateUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateUserSchema }),
  });
  return (
    // The key refreshes the defaults after a save.
    <Form key={`${user.name}|${user.email}|${user.role}`} method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="update" />
      <TextField field={fields.name} label={t("fields.name")} autoComplete="off" />
      <TextField field={fields.email} label={t("fields.email")} type="email" autoComplete="off" />
      <SelectField
        field={fields.role}
        label={t("fields.role")}
        placeholder={t("fields.chooseRole")}
        options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
      />
      <p className="text-xs text-slate-700">{isSelf ? t("detail.selfRoleNote") : t("detail.roleNote")}</p>
      <SubmitButton>{t("common:common.save")}</SubmitButton>
    </Form>
  );
}

function SwitchButton({ intent, label }: { intent: "activate" | "unlock"; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton className="btn-secondary">{label}</SubmitButton>
    </Form>
  );
}

function SwitchConfirm({
  intent,
  text,
  label,
  lastResult,
}: {
  intent: "deactivate" | "lock";
  text: string;
  label: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("users");
  const [form] = useForm({ id: intent, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-800">{text}</p>
      {form.errors?.length ? (
        <FormAlert id={form.errorId} plain>
          {t(form.errors[0])}
        </FormAlert>
      ) : null}
      <SubmitButton className="btn-danger">{label}</SubmitButton>
    </Form>
  );
}

function ResetForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("users");
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "reset",
    lastResult,
    defaultValue: { method: "link" },
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const [method, setMethod] = useState(fields.method.initialValue ?? "link");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="reset" />
      <p className="text-sm text-slate-800">{t("confirm.resetText")}</p>
      {form.errors?.length ? (
        <FormAlert id={form.errorId} plain>
          {t(form.errors[0])}
        </FormAlert>
      ) : null}
      <RadioGroup
        field={fields.method}
        legend={t("fields.passwordMethod")}
        onChange={setMethod}
        options={[
          { value: "link", label: t("fields.methodLink") },
          { value: "password", label: t("fields.methodPassword") },
        ]}
      />
      <div hidden={hydrated && method !== "password"}>
        <NewPasswordFields password={fields.password} />
      </div>
      <SubmitButton className="btn-danger">{t("actions.resetPassword")}</SubmitButton>
    </Form>
  );
}
