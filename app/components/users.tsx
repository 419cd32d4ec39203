import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, SubmitButton } from "./forms";
import { avatarSrc } from "./layout/profile-menu";

// Pieces shared by the users admin pages and the profile page.

export function LockBadge({ locked }: { locked: boolean }) {
  const { t } = useTranslation("users");
  return locked ? (
    <span className="inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900">
      {t("status.locked")}
    </span>
  ) : (
    <span className="text-slate-700">{t("status.unlocked")}</span>
  );
}

/**
 * Upload (multipart, so it works without JavaScript) and removal of a user's
 * picture. The server checks the content; `accept` only helps the file picker.
 */
export function AvatarForm({
  image,
  lastResult,
}: {
  image: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("users");
  const [form, fields] = useForm({ id: "avatar", lastResult });
  const hintId = `${fields.avatar.id}-hint`;
  const input = getInputProps(fields.avatar, { type: "file", ariaDescribedBy: hintId });
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
          <label htmlFor={fields.avatar.id} className="field-label">
            {t("avatar.label")}
          </label>
          <p id={hintId} className="text-xs text-slate-700">
            {t("avatar.hint")}
          </p>
          <input {...input} key={input.key} required accept="image/png,image/jpeg,image/webp" className="field-input" />
          <FieldError id={fields.avatar.errorId} errors={fields.avatar.errors} />
          <SubmitButton>{t("avatar.upload")}</SubmitButton>
        </Form>
        {image ? (
          <Form method="post">
            <input type="hidden" name="intent" value="removeAvatar" />
            <SubmitButton className="btn-secondary">{t("avatar.remove")}</SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

/** A one-time set-password link, shown to the admin this once (only its hash is stored). */
export function OneTimeLink({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="one-time-link-title" className="card space-y-2 border-emerald-700 bg-emerald-50">
      <h2 id="one-time-link-title" className="text-lg font-semibold text-emerald-900">
        {title}
      </h2>
      <p className="text-sm text-slate-800">{t("link.explain")}</p>
      <label htmlFor="one-time-link" className="field-label">
        {t("link.label")}
      </label>
      <input
        id="one-time-link"
        readOnly
        value={link}
        className="field-input font-mono text-sm"
        onFocus={(e) => e.currentTarget.select()}
      />
    </section>
  );
}
