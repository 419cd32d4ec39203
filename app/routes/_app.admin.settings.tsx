import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LogoSection, SettingsForm } from "~/components/settings/settings-form";
import { FormCard } from "~/components/ui/form-card";
import { titleMeta } from "~/components/ui/meta";
import { fieldRules, parseWithZod } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { imageFormRefusal, readFormWithImage } from "~/http/image-upload.server";
import { useIntentResult } from "~/http/intents";
import { formReply, redirectDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { settingsFormSchema, settingsSchema } from "~/modules/settings/settings";
import {
  removeLogo,
  saveSettings,
  settingsPage,
  timeZones,
  unprintableInName,
  uploadedLogo,
} from "~/modules/settings/settings.server";

export const handle = { i18n: ["common", "school"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings:manage");
  const [page, t] = await Promise.all([settingsPage(), translator(request, "school")]);
  return json({ title: t("settings.title"), ...page, rules: fieldRules(settingsSchema(page.zones)) });
}

export const meta = titleMeta;

const HERE = "/admin/settings";

// The settings form keeps its own parser (ADR 036): its logo is checked with its text fields.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings:manage");
  const { fields, image } = await readFormWithImage(request, "logo");
  if (fields.get("intent") === "removeLogo") {
    await removeLogo(user.id);
    return redirectDone(request, toastTo(HERE, "school:settings.toasts.logoRemoved"));
  }
  const submission = parseWithZod(fields, { schema: settingsFormSchema(timeZones()) });
  const logo = await uploadedLogo(image);
  const errors: Record<string, string[]> = logo.ok ? {} : { logo: [`school:settings.errors.logo.${logo.reason}`] };
  const missing = submission.status === "success" ? await unprintableInName(submission.value.name) : "";
  if (missing) {
    const t = await translator(request, "school");
    // The characters are part of the message: translated here, shown as it is.
    errors.name = [t("settings.errors.nameUnprintable", { characters: missing })];
  }
  if (submission.status !== "success" || !logo.ok || missing) {
    const { result, init } = imageFormRefusal(fields, submission, image, errors);
    return formReply("save", result, init);
  }
  await saveSettings(submission.value, logo.logo, user.id);
  return redirectDone(request, toastTo(HERE, "school:settings.toasts.saved"));
}

export default function Settings() {
  const { settings, zones, rules, maxMegabytes, maxPixels } = useLoaderData<typeof loader>();
  const saved = useIntentResult<typeof action>("save")?.result;
  const { t } = useTranslation(["school", "common"]);

  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <p className="text-sm text-slate-700">{t("settings.intro")}</p>

      <FormCard id="settings-form-title" title={t("settings.formTitle")}>
        {/* A new key after a save: the form starts again from the saved values, its file input empty. */}
        <SettingsForm
          key={`${settings.name}|${settings.timeZone}|${settings.language}|${settings.logo}`}
          settings={settings}
          zones={zones}
          rules={rules}
          maxMegabytes={maxMegabytes}
          maxPixels={maxPixels}
          lastResult={saved}
        />
      </FormCard>

      <LogoSection name={settings.name} logo={settings.logo} />
    </div>
  );
}
