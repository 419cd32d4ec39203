import { useNavigation } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { type ButtonTone, buttonClass } from "./ui/button";
import { DialogActions, useInDialog } from "./ui/dialog-actions";

/** Translates the zod messages (translation keys) of a field. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? t(errors[0]) : null}
    </p>
  );
}

/** A submit button that says "Processing request..." while its form is on the way. */
export function SubmitButton({
  children,
  tone = "primary",
  className = buttonClass(tone),
  name,
  value,
}: {
  children: ReactNode;
  /** The kit's tone (ui/button.ts): "danger" for a destructive action. */
  tone?: ButtonTone;
  /** The whole class, when the button needs layout extras: buttonClass(tone, "w-full"). */
  className?: string;
  name?: string;
  value?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const ref = useRef<HTMLButtonElement>(null);
  // Only the button whose own form (and intent) is on the way says so.
  const form = ref.current?.form;
  const busy =
    navigation.state === "submitting" &&
    !!form &&
    new URL(form.action, "http://x").pathname === new URL(navigation.formAction ?? "", "http://x").pathname &&
    (!name || navigation.formData?.get(name) === value);
  const button = (
    <button ref={ref} type="submit" className={className} name={name} value={value} aria-disabled={busy || undefined}>
      {busy ? t("common.processing") : children}
    </button>
  );
  // In a confirm dialog, Cancel stands beside it (DialogActions).
  return useInDialog() ? <DialogActions>{button}</DialogActions> : button;
}
