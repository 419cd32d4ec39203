import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { avatarSrc } from "~/components/layout/profile-menu";
import { ImageField } from "~/components/ui/image-field";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";

/**
 * Upload (multipart, so it works without JavaScript) and removal of a user's
 * picture (the users admin pages and the profile page).
 */
export function AvatarForm({
  image,
  lastResult,
}: {
  image: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("users");
  const [form, fields] = useAppForm({ id: "avatar", lastResult });
  return (
    <div className="flex flex-wrap items-start gap-6">
      <img
        src={avatarSrc(image)}
        alt={t("avatar.current")}
        width={96}
        height={96}
        className="h-24 w-24 rounded-full border border-slate-200 object-cover"
      />
      <div className="min-w-[16rem] flex-1 space-y-3">
        {/* A new key after each change empties the file input. */}
        <Form
          key={image ?? "none"}
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="space-y-1"
        >
          <input type="hidden" name="intent" value="avatar" />
          <ImageField
            field={fields.avatar}
            label={t("avatar.label")}
            hint={t("avatar.hint")}
            accept="image/png,image/jpeg,image/webp"
            required
          />
          <SubmitButton>{t("avatar.upload")}</SubmitButton>
        </Form>
        {image ? (
          <Form method="post">
            <input type="hidden" name="intent" value="removeAvatar" />
            <SubmitButton tone="secondary">{t("avatar.remove")}</SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
