import { type SubmissionResult, getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldError, SubmitButton } from "~/components/forms";
import { type FieldRules, useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { useTranslation } from "~/i18n/react";
import { BAND_NAME_MAX } from "~/modules/grades/bands";

/** A grade band's form (/admin/grade-bands): a new band, or the band being edited. */
export function BandForm({
  title,
  intent,
  band,
  rules,
  lastResult,
}: {
  title: string;
  intent: "create" | "update";
  band?: { id: number; name: string; min: number; max: number };
  /** The plain field rules (bandFields); min ≤ max is checked on blur and on the server. */
  rules: FieldRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(["courses", "common"], { nsMode: "fallback" });
  const check = useLaterSchema(() => import("~/modules/grades/schema").then((m) => m.bandSchema));
  const [form, fields] = useAppForm({
    id: band ? `band-${band.id}` : "band-new",
    lastResult,
    defaultValue: band ? { name: band.name, min: String(band.min), max: String(band.max) } : undefined,
    constraint: rules,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const input = (name: "name" | "min" | "max", label: string, hint?: string) => {
    const field = fields[name];
    const hintId = hint ? `${field.id}-hint` : undefined;
    const props = getInputProps(field, { type: "text", ariaDescribedBy: hintId });
    return (
      <div className="field">
        <div>
          <label htmlFor={field.id} className="field-label">
            {label}
          </label>
          {hint ? (
            <p id={hintId} className="mb-1 text-xs text-slate-700">
              {hint}
            </p>
          ) : null}
        </div>
        <input
          {...props}
          key={props.key}
          maxLength={name === "name" ? BAND_NAME_MAX : 6}
          inputMode={name === "name" ? undefined : "decimal"}
          autoComplete="off"
          className="field-input"
        />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };
  return (
    <section id="band-form" aria-labelledby="band-form-heading" className="card p-4">
      <h2 id="band-form-heading" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <Form
        method="post"
        action={band ? `/admin/grade-bands?edit=${band.id}` : "/admin/grade-bands"}
        {...getFormProps(form)}
        className="space-y-2"
      >
        <input type="hidden" name="intent" value={intent} />
        {band ? <input type="hidden" name="band_id" value={band.id} /> : null}
        {form.errors?.length ? <FormAlert>{t(form.errors[0])}</FormAlert> : null}
        <div className="grid gap-x-4 sm:grid-cols-3">
          {input("name", t("bands.name"))}
          {input("min", t("bands.min"), t("bands.scoreHint"))}
          {input("max", t("bands.max"), t("bands.scoreHint"))}
        </div>
        <div className="flex flex-wrap gap-3">
          <SubmitButton>{band ? t("common.save") : t("bands.addSubmit")}</SubmitButton>
          {band ? (
            <Link to="/admin/grade-bands" className="btn-secondary">
              {t("common.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
