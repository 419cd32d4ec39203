import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useFormat } from "~/components/format";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { FormCard } from "~/components/ui/form-card";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { StatusBadge } from "~/components/ui/status-badge";
import { AvatarForm } from "~/components/users/avatar-form";
import { LockBadge } from "~/components/users/badges";
import { OneTimeLink } from "~/components/users/one-time-link";
import { EditUserForm, ResetPasswordForm, SwitchButton, SwitchConfirm } from "~/components/users/user-forms";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { requireId } from "~/http/ids.server";
import { useIntentResult } from "~/http/intents";
import { NOT_FOUND, type Refusal, handleIntents, ifDone, show, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { useTranslation } from "~/i18n/react";
import { PASSWORD_FIELDS, resetPasswordSchema, updateUserSchema, userPageForms } from "~/modules/users/schema";
import {
  type UserChangeFailure,
  passwordLinkPath,
  resetPassword,
  setUserImage,
  setUserLock,
  setUserStatus,
  updateUser,
  userPage,
} from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, "users:manage");
  const page = (await userPage(requireId(params), actor.id)) ?? notFound();
  return json({ ...page, rules: { update: fieldRules(updateUserSchema), reset: fieldRules(resetPasswordSchema) } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.user.name ?? "" }];

const REFUSALS = {
  notFound: NOT_FOUND,
  emailTaken: { field: "email", message: "users:errors.emailTaken" },
  selfDemotion: { field: "role", message: "users:errors.selfDemotion" },
  selfDeactivation: { form: "users:errors.selfDeactivation" },
  selfLock: { form: "users:errors.selfLock" },
} satisfies Record<UserChangeFailure, Refusal>;

/** Back to the user's page with the success toast `users:toasts.<key>`. */
const done = (id: number, key: string) => toastTo(`/admin/users/${id}`, `users:toasts.${key}`);

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ actor: await requirePermission(request, "users:manage"), id: requireId(params) }),
    forms: userPageForms,
    hideFields: PASSWORD_FIELDS,
    image: {
      intent: "avatar",
      field: "avatar",
      messages: "users:errors.image",
      run: async (image, { actor, id }) => ifDone(await setUserImage(id, image, actor.id), done(id, "imageSaved")),
    },
    intents: {
      update: async (value, { actor, id }) => ifDone(await updateUser(id, value, actor.id), done(id, "saved")),
      reset: async (value, { actor, id }) => {
        const outcome = await resetPassword(id, value, actor.id);
        if (!outcome.ok) return outcome;
        if (!outcome.token) return done(id, "passwordReset");
        // Shown this once: only the link's hash is stored.
        return show({ link: new URL(passwordLinkPath(outcome.token), request.url).toString() });
      },
      activate: async (_, { actor, id }) => ifDone(await setUserStatus(id, "active", actor.id), done(id, "activated")),
      deactivate: async (_, { actor, id }) =>
        ifDone(await setUserStatus(id, "inactive", actor.id), done(id, "deactivated")),
      lock: async (_, { actor, id }) => ifDone(await setUserLock(id, true, actor.id), done(id, "locked")),
      unlock: async (_, { actor, id }) => ifDone(await setUserLock(id, false, actor.id), done(id, "unlocked")),
      removeAvatar: async (_, { actor, id }) =>
        ifDone(await setUserImage(id, null, actor.id), done(id, "imageRemoved")),
    },
    refusals: REFUSALS,
  });
}

export default function UserDetail() {
  const { user, isSelf, rules } = useLoaderData<typeof loader>();
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
            <StatusBadge kind="user" status={user.status} />
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

      <FormCard id="details-title" title={t("detail.account")}>
        <EditUserForm user={user} isSelf={isSelf} rules={rules.update} lastResult={update} />
      </FormCard>

      <FormCard id="access-title" title={t("detail.access")} className="space-y-4">
        {user.failed_logins > 0 ? (
          <p className="text-sm">{t("detail.failedLogins", { count: user.failed_logins })}</p>
        ) : null}
        {isSelf ? <p className="text-sm text-slate-700">{t("detail.selfNote")}</p> : null}
        <div className="flex flex-wrap gap-3">
          {user.status === "active" ? (
            !isSelf ? (
              <Link to="?confirm=deactivate" preventScrollReset className={buttonClass("danger")}>
                {t("actions.deactivate")}
              </Link>
            ) : null
          ) : (
            <SwitchButton intent="activate" label={t("actions.activate")} />
          )}
          {user.locked || user.failed_logins > 0 ? <SwitchButton intent="unlock" label={t("actions.unlock")} /> : null}
          {!user.locked && !isSelf ? (
            <Link to="?confirm=lock" preventScrollReset className={buttonClass("danger")}>
              {t("actions.lock")}
            </Link>
          ) : null}
          <Link to="?confirm=reset" preventScrollReset className="btn-secondary">
            {t("actions.resetPassword")}
          </Link>
        </div>
      </FormCard>

      <FormCard id="picture-title" title={t("avatar.title")}>
        <AvatarForm image={user.image} lastResult={avatar} />
      </FormCard>

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
          <ResetPasswordForm rules={rules.reset} lastResult={reset?.result} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
