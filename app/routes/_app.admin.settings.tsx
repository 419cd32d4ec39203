import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, SubmitButton } from "~/components/forms";
import { SchoolMark } from "~/components/layout/school-mark";
import { titleMeta } from "~/components/ui/meta";
import { imageRefusal, isMultipart, readImageForm } from "~/http/image-upload.server";
import { useIntentResult } from "~/http/intents";
import { formReply, redirectDone, toastTo } from "~/http/intents.server";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { requirePermission } from "~/modules/auth/guards.server";
import { SCHOOL_NAME_MAX, settingsFormSchema, settingsSchema } from "~/modules/settings";
import {
  LOGO_MAX_PIXELS,
  checkLogo,
  logoPath,
  removeLogo,
  saveSettings,
  schoolSettings,
  timeZones,
  unprintableInName,
} from "~/modules/settings.server";
import { readForm } from "~/modules/shared/form.server";
import { type ImageUpload, MAX_AVATAR_BYTES } from "~/modules/users/avatar.server";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings:manage");
  const [settings, t] = await Promise.all([schoolSettings(), translator(request, "school")]);
  return json({
    title: t("settings.title"),
    settings: { ...settings, logo: logoPath(settings.logo) },
    zones: timeZones(),
    maxMegabytes: MAX_AVATAR_BYTES / (1024 * 1024),
    maxPixels: LOGO_MAX_PIXELS,
  });
}

export const meta = titleMeta;

const HERE = "/admin/settings";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings:manage");
  // The settings form is multipart (it carries the logo); the logo's remove button is a plain post.
  let fields: FormData;
  let image: ImageUpload = { ok: false, reason: "missing" };
  if (isMultipart(request)) ({ fields, image } = await readImageForm(request, "logo"));
  else fields = await readForm(request);

  if (fields.get("intent") === "removeLogo") {
    await removeLogo(user.id);
    return redirectDone(request, toastTo(HERE, "school:settings.toasts.logoRemoved"));
  }

  const submission = parseWithZod(fields, { schema: settingsFormSchema(timeZones()) });
  // An upload too large to read has taken the text fields with it: the form keeps what it showed.
  const keepShown = !fields.has("intent");
  const reply = (fieldErrors?: Record<string, string[]>) =>
    keepShown
      ? { status: "error" as const, error: fieldErrors ?? {} }
      : submission.reply(fieldErrors ? { fieldErrors } : undefined);

  const errors: Record<string, string[]> = {};
  // A logo too large is a 413 (its body may have been cut off: ADR 026); other refusals are 400s.
  const refused: ResponseInit = !image.ok && image.reason === "tooLarge" ? imageRefusal(image) : { status: 400 };
  // No file chosen keeps the logo; a file that is not one is refused with the rest of the form.
  let logo: { bytes: Uint8Array; extension: "png" | "jpg" } | null = null;
  if (image.ok) {
    const checked = await checkLogo(image.bytes, image.extension);
    if (checked.ok) logo = { bytes: image.bytes, extension: checked.type };
    else errors.logo = [`school:settings.errors.logo.${checked.reason}`];
  } else if (image.reason !== "missing") {
    errors.logo = [`school:settings.errors.logo.${image.reason}`];
  }
  if (submission.status !== "success") {
    if (keepShown) return formReply("save", reply(errors), refused);
    const result = submission.reply();
    return formReply("save", { ...result, error: { ...result.error, ...errors } }, refused);
  }
  const missing = await unprintableInName(submission.value.name);
  if (missing) {
    const t = await translator(request, "school");
    // The characters are part of the message: translated here, shown as it is.
    errors.name = [t("settings.errors.nameUnprintable", { characters: missing })];
  }
  if (Object.keys(errors).length) return formReply("save", reply(errors), refused);

  await saveSettings(submission.value, logo, user.id);
  return redirectDone(request, toastTo(HERE, "school:settings.toasts.saved"));
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const { settings } = data;
  const { t } = useTranslation(["school", "common"]);

  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <p className="text-sm text-slate-700">{t("settings.intro")}</p>

      <section aria-labelledby="settings-form-title" className="card space-y-2">
        <h2 id="settings-form-title" className="text-lg font-semibold">
          {t("settings.formTitle")}
        </h2>
        {/* A new key after a save: the form starts again from the saved values, its file input empty. */}
        <SettingsForm key={`${settings.name}|${settings.timeZone}|${settings.language}|${settings.logo}`} {...data} />
      </section>

      <section aria-labelledby="logo-title" className="card space-y-3">
        <h2 id="logo-title" className="text-lg font-semibold">
          {t("settings.logoTitle")}
        </h2>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-white p-3 font-bold text-primary-dark">
            <SchoolMark name={settings.name} logo={settings.logo} size={48} />
            <span className="[overflow-wrap:anywhere]">{settings.name}</span>
          </div>
          <p className="text-sm text-slate-700">{settings.logo ? t("settings.logoShown") : t("settings.noLogo")}</p>
        </div>
        {settings.logo ? (
          <Form method="post">
            <input type="hidden" name="intent" value="removeLogo" />
            <SubmitButton className="btn-secondary">{t("settings.removeLogo")}</SubmitButton>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

function SettingsForm({ settings, zones, maxMegabytes, maxPixels }: Loaded) {
  const actionData = useIntentResult<typeof action>("save");
  const { t } = useTranslation(["school", "common"]);
  const [form, fields] = useForm({
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: { name: settings.name, time_zone: settings.timeZone, default_language: settings.language },
    constraint: getZodConstraint(settingsSchema(zones)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema(zones) }),
  });
  const nameProps = getInputProps(fields.name, { type: "text" });
  const logoHint = `${fields.logo.id}-hint`;
  const logoProps = getInputProps(fields.logo as FieldMetadata<string | undefined>, {
    type: "file",
    ariaDescribedBy: logoHint,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="save" />
      <div>
        <label htmlFor={fields.name.id} className="field-label">
          {t("settings.fields.name")}
        </label>
        <input
          {...nameProps}
          key={nameProps.key}
          maxLength={SCHOOL_NAME_MAX}
          autoComplete="organization"
          className="field-input"
        />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <Select
        field={fields.time_zone}
        label={t("settings.fields.timeZone")}
        hint={t("settings.hints.timeZone")}
        placeholder={t("settings.chooseTimeZone")}
        options={zones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
      />
      <Select
        field={fields.default_language}
        label={t("settings.fields.language")}
        hint={t("settings.hints.language")}
        placeholder={t("settings.chooseLanguage")}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
      <div>
        <label htmlFor={fields.logo.id} className="field-label">
          {t(settings.logo ? "settings.fields.newLogo" : "settings.fields.logo")}
        </label>
        <p id={logoHint} className="mb-1 text-xs text-slate-700">
          {t("settings.hints.logo", { megabytes: maxMegabytes, pixels: maxPixels })}
        </p>
        <input {...logoProps} key={logoProps.key} accept="image/png,image/jpeg" className="field-input" />
        <FieldError id={fields.logo.errorId} errors={fields.logo.errors} />
      </div>
      <SubmitButton>{t("common:common.save")}</SubmitButton>
    </Form>
  );
}

function Select({
  field,
  label,
  hint,
  placeholder,
  options,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint: string;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  const hintId = `${field.id}-hint`;
  const props = getSelectProps(field, { ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <p id={hintId} className="mb-1 text-xs text-slate-700">
        {hint}
      </p>
      <select {...props} key={props.key} className="field-input">
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
