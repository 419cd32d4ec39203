import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

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
export function SubmitButton({ children, className = "btn-primary", name, value }: {
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className={className} name={name} value={value} aria-disabled={busy || undefined}>
      {busy ? t("common.processing") : children}
    </button>
  );
}
