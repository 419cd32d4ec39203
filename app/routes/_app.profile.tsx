import { type SubmissionResult, getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { NewPasswordFields } from "~/components/ui/form-fields";
import { titleMeta } from "~/components/ui/meta";
import { AvatarForm } from "~/components/users";
import { clientKey, isHttps } from "~/env.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { notFound } from "~/http/not-found.server";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { i18next, localeCookie, translator } from "~/i18n/i18n.server";
import { requireUser } from "~/modules/auth/guards.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { PASSWORD_FIELDS, changePasswordSchema, profileForms, profileNameSchema } from "~/modules/users/schema";
import {
  changeOwnPassword,
  getProfile,
  setUserImage,
  updateOwnLocale,
  updateOwnName,
} from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

const HERE = "/profile";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  if (!profile) notFound();
  const t = await translator(request, "users");
  return json({ profile, language: await i18next.getLocale(request), title: t("profile.title") });
}

export const meta = titleMeta;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ user: await requireUser(request) }),
    forms: profileForms,
    hideFields: PASSWORD_FIELDS,
    image: {
      intent: "avatar",
      field: "avatar",
      messages: "users:errors.image",
      run: async (image, { user }) => {
        await setUserImage(user.id, image, user.id);
        return toastTo(HERE, "users:toasts.imageSaved");
      },
    },
    intents: {
      profile: async (value, { user }) => {
        await updateOwnName(user.id, value.name);
        return toastTo(HERE, "users:toasts.profileSaved");
      },
      removeAvatar: async (_, { user }) => {
        await setUserImage(user.id, null, user.id);
        return toastTo(HERE, "users:toasts.imageRemoved");
      },
      language: async (value, { user }) => {
        await updateOwnLocale(user.id, value.locale);
        return toastTo(HERE, "users:toasts.languageSaved", {
          headers: { "Set-Cookie": await localeCookie.serialize(value.locale, { secure: isHttps(request) }) },
        });
      },
      password: async (value, { user }) =>
        ifDone(
          await changeOwnPassword(user, value.current_password, value.password, clientKey(request, context)),
          toastTo(HERE, "users:toasts.passwordChanged"),
        ),
    },
    refusals: {
      wrongPassword: { field: "current_password", message: "users:errors.currentPasswordWrong" },
      rateLimited: { field: "current_password", message: "users:limits.tooManyAttempts", status: 429 },
      // The fifth wrong password in a row locked the account and ended its sessions (as at sign-in).
      locked: async () => ({
        page: 403,
        message: "login.errors.locked",
        headers: { "Set-Cookie": await clearSessionCookie(request) },
      }),
    },
  });
}

export default function Profile() {
  const { profile, language } = useLoaderData<typeof loader>();
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

      <section aria-labelledby="profile-details" className="card space-y-2">
        <h2 id="profile-details" className="text-lg font-semibold">
          {t("profile.details")}
        </h2>
        <NameForm name={profile.name} email={profile.email} lastResult={name} />
      </section>

      <section aria-labelledby="profile-picture" className="card space-y-2">
        <h2 id="profile-picture" className="text-lg font-semibold">
          {t("avatar.title")}
        </h2>
        <AvatarForm image={profile.image} lastResult={avatar} />
      </section>

      <section aria-labelledby="profile-language" className="card space-y-2">
        <h2 id="profile-language" className="text-lg font-semibold">
          {t("profile.language")}
        </h2>
        <LanguageForm current={language} lastResult={locale} />
      </section>

      <section aria-labelledby="profile-password" className="card space-y-2">
        <h2 id="profile-password" className="text-lg font-semibold">
          {t("profile.changePassword")}
        </h2>
        <PasswordForm lastResult={password} />
      </section>
    </div>
  );
}

function NameForm({
  name,
  email,
  lastResult,
}: {
  name: string;
  email: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("users");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { name },
    constraint: getZodConstraint(profileNameSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileNameSchema }),
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

function LanguageForm({ current, lastResult }: { current: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("users");
  const [form, fields] = useForm({ id: "language", lastResult, defaultValue: { locale: current } });
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

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("users");
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
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
