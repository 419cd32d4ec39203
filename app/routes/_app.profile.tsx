import { type SubmissionResult, getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { TextField } from "~/components/fields";
import { FieldError, SubmitButton } from "~/components/forms";
import { AvatarForm } from "~/components/users";
import { titleMeta } from "~/components/ui/meta";
import { NewPasswordFields } from "~/components/ui/form-fields";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { i18next, localeCookie, translator } from "~/i18n/i18n.server";
import { requireUser } from "~/modules/auth/guards.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { toasts } from "~/modules/toast.server";
import { imageRefusal, isMultipart, readImageForm } from "~/modules/users/avatar.server";
import { PASSWORD_FIELDS, changePasswordSchema, languageSchema, profileNameSchema } from "~/modules/users/schema";
import { changeOwnPassword, getProfile, setUserImage, updateOwnLocale, updateOwnName } from "~/modules/users/users.server";
import { clientKey, isHttps } from "~/env.server";
import { readForm, unknownForm } from "~/modules/shared/form.server";

export const handle = { i18n: ["common", "users"] };

const HERE = "/profile";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  if (!profile) throw json({ message: "Not found" }, { status: 404 });
  const t = await translator(request, "users");
  return json({ profile, language: await i18next.getLocale(request), title: t("profile.title") });
}

export const meta = titleMeta;

const avatarSchema = z.object({ intent: z.literal("avatar") });
const removeSchema = z.object({ intent: z.literal("removeAvatar") });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);

  if (isMultipart(request)) {
    const { fields, image } = await readImageForm(request);
    const submission = parseWithZod(fields, { schema: avatarSchema });
    if (!image.ok) {
      return json({ intent: "avatar", result: submission.reply({ fieldErrors: { avatar: [`users:errors.image.${image.reason}`] } }) }, imageRefusal(image));
    }
    await setUserImage(user.id, image, user.id);
    return toasts(request).redirectWithSuccess(HERE, "users:toasts.imageSaved");
  }

  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileNameSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      await updateOwnName(user.id, submission.value.name);
      return toasts(request).redirectWithSuccess(HERE, "users:toasts.profileSaved");
    }
    case "removeAvatar": {
      const submission = parseWithZod(formData, { schema: removeSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      await setUserImage(user.id, null, user.id);
      return toasts(request).redirectWithSuccess(HERE, "users:toasts.imageRemoved");
    }
    case "language": {
      const submission = parseWithZod(formData, { schema: languageSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      await updateOwnLocale(user.id, submission.value.locale);
      return toasts(request).redirectWithSuccess(HERE, "users:toasts.languageSaved", {
        headers: { "Set-Cookie": await localeCookie.serialize(submission.value.locale, { secure: isHttps(request) }) },
      });
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") {
        return json({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
      }
      const outcome = await changeOwnPassword(user, submission.value.current_password, submission.value.password, clientKey(request, context));
      if (!outcome.ok && outcome.reason === "locked") {
        // The fifth wrong password in a row locked the account and ended its sessions (as at sign-in).
        throw json({ message: "login.errors.locked" }, { status: 403, headers: { "Set-Cookie": await clearSessionCookie(request) } });
      }
      if (!outcome.ok) {
        const [message, status] = outcome.reason === "rateLimited" ? ["users:limits.tooManyAttempts", 429] : ["users:errors.currentPasswordWrong", 400];
        return json({ intent, result: submission.reply({ fieldErrors: { current_password: [message] }, hideFields: PASSWORD_FIELDS }) }, { status });
      }
      return toasts(request).redirectWithSuccess(HERE, "users:toasts.passwordChanged");
    }
    default:
      return unknownForm();
  }
}

type ActionData = { intent: string; result: SubmissionResult<string[]> };

export default function Profile() {
  const { profile, language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as unknown as ActionData | undefined;
  const { t } = useTranslation("users");
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("profile.title")}</h1>
        <p className="text-slate-700">{t(`common:roles.${profile.role}`)}</p>
      </div>

      <section aria-labelledby="profile-details" className="card space-y-2">
        <h2 id="profile-details" className="text-lg font-semibold">{t("profile.details")}</h2>
        <NameForm name={profile.name} email={profile.email} lastResult={resultFor("profile")} />
      </section>

      <section aria-labelledby="profile-picture" className="card space-y-2">
        <h2 id="profile-picture" className="text-lg font-semibold">{t("avatar.title")}</h2>
        <AvatarForm image={profile.image} lastResult={resultFor("avatar")} />
      </section>

      <section aria-labelledby="profile-language" className="card space-y-2">
        <h2 id="profile-language" className="text-lg font-semibold">{t("profile.language")}</h2>
        <LanguageForm current={language} lastResult={resultFor("language")} />
      </section>

      <section aria-labelledby="profile-password" className="card space-y-2">
        <h2 id="profile-password" className="text-lg font-semibold">{t("profile.changePassword")}</h2>
        <PasswordForm lastResult={resultFor("password")} />
      </section>
    </div>
  );
}

function NameForm({ name, email, lastResult }: { name: string; email: string; lastResult?: SubmissionResult<string[]> }) {
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
        <label htmlFor="profile-email" className="field-label">{t("fields.email")}</label>
        <input id="profile-email" type="email" value={email} readOnly aria-describedby="profile-email-hint" className="field-input bg-slate-100" />
        <p id="profile-email-hint" className="mt-1 text-xs text-slate-700">{t("profile.emailReadOnly")}</p>
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
        <label htmlFor={fields.locale.id} className="field-label">{t("common:language.label")}</label>
        {/* Not `required`: one language is always chosen (HTML wants an empty first option on a required select). */}
        <select {...props} key={`${props.key}-${current}`} className="field-input">
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>{LANGUAGE_NAMES[lng]}</option>
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
      <TextField field={fields.current_password} label={t("fields.currentPassword")} type="password" autoComplete="current-password" />
      <NewPasswordFields password={fields.password} confirm={fields.confirm} />
      <p className="text-xs text-slate-700">{t("profile.passwordNote")}</p>
      <SubmitButton>{t("profile.changePasswordSubmit")}</SubmitButton>
    </Form>
  );
}
