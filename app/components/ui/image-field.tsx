import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FieldError } from "~/components/forms";

/**
 * A picture's file input (a user's picture, the school's logo) with its label,
 * its hint and its error slot. The server checks the content; `accept` only
 * helps the file picker.
 */
export function ImageField<Schema>({
  field,
  label,
  hint,
  accept,
  required,
}: {
  field: FieldMetadata<Schema>;
  label: string;
  hint: string;
  accept: string;
  required?: boolean;
}) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field, { type: "file", ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <p id={hintId} className="mb-1 text-xs text-slate-700">
        {hint}
      </p>
      <input {...props} key={props.key} required={required} accept={accept} className="field-input" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
