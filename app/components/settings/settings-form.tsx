import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectField, TextField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { SchoolMark } from "~/components/layout/school-mark";
import { FormCard } from "~/components/ui/form-card";
import { ImageField } from "~/components/ui/image-field";
import { useAppForm } from "~/components/use-app-form";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

type Settings = { name: string; timeZone: string; language: string; logo: string | null };

/** The school's settings (multipart: it carries the logo, so it works without JavaScript). */
export function SettingsForm({
  settings,
  zones,
  rules,
  maxMegabytes,
  maxPixels,
  lastResult,
}: {
  settings: Settings;
  zones: string[];
  rules: FieldRules;
  maxMegabytes: number;
  maxPixels: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["school", "common"]);
  const check = useLaterSchema(() => import("~/modules/settings/settings").then((m) => m.settingsFormSchema(zones)));
  const [form, fields] = useAppForm({
    id: "settings",
    lastResult,
    defaultValue: { name: settings.name, time_zone: settings.timeZone, default_language: settings.language },
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="save" />
      <TextField field={fields.name} label={t("settings.fields.name")} autoComplete="organization" />
      <SelectField
        field={fields.time_zone}
        label={t("settings.fields.timeZone")}
        hint={t("settings.hints.timeZone")}
        placeholder={t("settings.chooseTimeZone")}
        options={zones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
      />
      <SelectField
        field={fields.default_language}
        label={t("settings.fields.language")}
        hint={t("settings.hints.language")}
        placeholder={t("settings.chooseLanguage")}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
      <ImageField
        field={fields.logo}
        label={t(settings.logo ? "settings.fields.newLogo" : "settings.fields.logo")}
        hint={t("settings.hints.logo", { megabytes: maxMegabytes, pixels: maxPixels })}
        accept="image/png,image/jpeg"
      />
      <SubmitButton>{t("common:common.save")}</SubmitButton>
    </Form>
  );
}

/** The logo as the header shows it, and its remove button (a plain post). */
export function LogoSection({ name, logo }: { name: string; logo: string | null }) {
  const { t } = useTranslation(["school", "common"]);
  return (
    <FormCard id="logo-title" title={t("settings.logoTitle")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-white p-3 font-bold text-primary-dark">
          <SchoolMark name={name} logo={logo} size={48} />
          <span className="[overflow-wrap:anywhere]">{name}</span>
        </div>
        <p className="text-sm text-slate-700">{logo ? t("settings.logoShown") : t("settings.noLogo")}</p>
      </div>
      {logo ? (
        <Form method="post">
          <input type="hidden" name="intent" value="removeLogo" />
          <SubmitButton tone="secondary">{t("settings.removeLogo")}</SubmitButton>
        </Form>
      ) : null}
    </FormCard>
  );
}
