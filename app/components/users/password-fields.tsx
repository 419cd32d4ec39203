import { type FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/fields";
import { useTranslation } from "~/i18n/react";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/password-rules";

// Its own module, not with the shared fields of ui/form-fields.tsx: the pages
// that set a password (a user's, the profile, the one-time link) load no
// student, level nor schedule fields with it (issue 18 target 6).

type Field = FieldMetadata<string | undefined>;

/** A new password (with the length rule as its hint) and, when given, its confirmation. */
export function NewPasswordFields({ password, confirm, label }: { password: Field; confirm?: Field; label?: string }) {
  const { t } = useTranslation("users");
  return (
    <>
      <TextField
        field={password}
        label={label ?? t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("fields.passwordHint", { min: MIN_PASSWORD_LENGTH })}
      />
      {confirm ? (
        <TextField field={confirm} label={t("fields.confirmPassword")} type="password" autoComplete="new-password" />
      ) : null}
    </>
  );
}
