import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/ui/form-card";
import { titleMeta } from "~/components/ui/meta";
import { AvatarForm } from "~/components/users/avatar-form";
import { OwnSessions } from "~/components/users/own-sessions";
import { LanguageForm, NameForm, PasswordForm } from "~/components/users/profile-forms";
import { fieldRules } from "~/components/zod-form";
import { clientKey } from "~/env.server";
import { requireUser } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { NOT_FOUND, handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { lockedOut } from "~/http/session.server";
import { keepLanguage } from "~/http/sign-in.server";
import { i18next, translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { PASSWORD_FIELDS, changePasswordSchema, profileForms, profileNameSchema } from "~/modules/users/schema";
import {
  changeOwnPassword,
  getProfile,
  setUserImage,
  updateOwnLocale,
  updateOwnName,
} from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, language, t] = await Promise.all([
    getProfile(user.id),
    i18next.getLocale(request),
    translator(request, "users"),
  ]);
  const rules = { name: fieldRules(profileNameSchema), password: fieldRules(changePasswordSchema) };
  return json({ profile: profile ?? notFound(), language, title: t("profile.title"), rules });
}

export const meta = titleMeta;

/** Back to the profile with the success toast `users:toasts.<key>`. */
const done = (key: string, init?: ResponseInit) => toastTo("/profile", `users:toasts.${key}`, init);

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requireUser(request) }),
    forms: profileForms,
    hideFields: PASSWORD_FIELDS,
    image: {
      intent: "avatar",
      field: "avatar",
      messages: "users:errors.image",
      run: async (image, { user }) => ifDone(await setUserImage(user.id, image, user.id), done("imageSaved")),
    },
    intents: {
      profile: async (value, { user }) => ifDone(await updateOwnName(user.id, value.name), done("profileSaved")),
      removeAvatar: async (_, { user }) => ifDone(await setUserImage(user.id, null, user.id), done("imageRemoved")),
      language: async ({ locale }, { user }) =>
        ifDone(await updateOwnLocale(user.id, locale), done("languageSaved", await keepLanguage(request, locale))),
      password: async ({ current_password, password }, { user }) =>
        ifDone(
          await changeOwnPassword(user, current_password, password, clientKey(request, context)),
          done("passwordChanged"),
        ),
    },
    refusals: {
      // The signed-in user's own row: gone only if deleted while this post was read.
      notFound: NOT_FOUND,
      wrongPassword: { field: "current_password", message: "users:errors.currentPasswordWrong" },
      rateLimited: { field: "current_password", message: "users:limits.tooManyAttempts", status: 429 },
      // The fifth wrong password in a row locked the account and ended its sessions (as at sign-in).
      locked: () => lockedOut(request),
    },
  });
}

export default function Profile() {
  const { profile, language, rules } = useLoaderData<typeof loader>();
  const { t } = useTranslation("users");
  const name = useIntentResult<typeof action>("profile")?.result;
  const avatar = useIntentResult<typeof action>("avatar")?.result;
  const locale = useIntentResult<typeof action>("language")?.result;
  const password = useIntentResult<typeof action>("password")?.result;

  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("profile.title")}</h1>
        <p className="text-slate-700">{t(`common:roles.${profile.role}`)}</p>
      </div>
      <FormCard id="profile-details" title={t("profile.details")}>
        <NameForm name={profile.name} email={profile.email} rules={rules.name} lastResult={name} />
      </FormCard>
      <FormCard id="profile-picture" title={t("avatar.title")}>
        <AvatarForm image={profile.image} lastResult={avatar} />
      </FormCard>
      <FormCard id="profile-language" title={t("profile.language")}>
        <LanguageForm current={language} lastResult={locale} />
      </FormCard>
      <FormCard id="profile-password" title={t("profile.changePassword")}>
        <PasswordForm rules={rules.password} lastResult={password} />
      </FormCard>
      <OwnSessions sessions={profile.sessions} />
    </div>
  );
}
