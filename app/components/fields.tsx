import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ReactNode } from "react";
import { FieldError } from "./forms";

type Field = FieldMetadata<string | undefined>;

const TEXT_TYPES = new Set(["text", "email", "password", "search", "tel", "url"]);
const RANGE_TYPES = new Set(["number", "range", "date", "month", "week", "time", "datetime-local"]);

/**
 * conform derives minLength/maxLength/pattern (and min/max/step) from the zod
 * schema whatever the input's type; HTML allows the length and pattern
 * constraints only on text-like inputs and the range ones only on number and
 * date inputs (browsers ignore the others). Drops those the type does not take.
 */
export function typeConstraints<P extends { type?: string }>(props: P): P {
  const type = props.type ?? "text";
  const out: Record<string, unknown> = { ...props };
  if (!TEXT_TYPES.has(type)) {
    delete out.minLength;
    delete out.maxLength;
    delete out.pattern;
  }
  if (!RANGE_TYPES.has(type)) {
    delete out.min;
    delete out.max;
    delete out.step;
  }
  return out as P;
}

// Fields with their label and a fixed-height error slot; conform wires
// aria-invalid and aria-describedby to the error.

export function TextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
  inputMode,
}: {
  field: Field;
  label: string;
  type?: "text" | "email" | "tel" | "date" | "password" | "number";
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = typeConstraints(getInputProps(field, { type, ariaDescribedBy: hintId }));
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
      <input {...props} key={props.key} autoComplete={autoComplete} inputMode={inputMode} className="field-input" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 3 }: { field: Field; label: string; rows?: number }) {
  const props = getTextareaProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <textarea {...props} key={props.key} rows={rows} className="field-input" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder,
  hint,
}: {
  field: Field;
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
  hint?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getSelectProps(field, { ariaDescribedBy: hintId });
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

export function RadioGroup({
  field,
  legend,
  options,
  onChange,
}: {
  field: Field;
  legend: string;
  options: { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  const invalid = !!field.errors?.length;
  return (
    <fieldset aria-describedby={invalid ? field.errorId : undefined} aria-invalid={invalid || undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-base">
            <input
              type="radio"
              name={field.name}
              value={o.value}
              defaultChecked={field.initialValue === o.value}
              required={field.required}
              onChange={(e) => onChange?.(e.currentTarget.value)}
              className="h-4 w-4 accent-[#4c3fe0]"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
