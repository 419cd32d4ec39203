import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { useAppNames } from "~/components/app-names";
import { useIsolate, useScheduleOptions } from "~/components/courses/labels";
import { RadioGroup, SelectField, TextField } from "~/components/fields";
import { FieldError } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { ADULT_LEVELS, KIDS_LEVELS } from "~/modules/levels/levels";

// Form fields several forms share, each with its label and error slot.

type Field = FieldMetadata<string | undefined>;

/** A standard schedule, or none yet. */
export function ScheduleSelect({ field }: { field: Field }) {
  const { t } = useTranslation();
  return (
    <SelectField
      field={field}
      label={t("registration.fields.schedule")}
      placeholder={t("registration.choose")}
      options={useScheduleOptions()}
    />
  );
}

/**
 * A level by id, grouped by age category. Without JavaScript both groups
 * show; with it, only the chosen age's (`age`, when known).
 */
export function LevelSelect({ field, age }: { field: Field; age?: string }) {
  const { t } = useTranslation();
  const appNames = useAppNames();
  const hydrated = useHydrated();
  const isolate = useIsolate();
  const props = getSelectProps(field);
  const groups = [
    { age: "adults", label: t("registration.age.adults"), levels: ADULT_LEVELS },
    { age: "kids", label: t("registration.age.kids"), levels: KIDS_LEVELS },
  ].filter((g) => !hydrated || !age || g.age === age);
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {t("registration.fields.level")}
      </label>
      <select {...props} key={props.key} className="field-input">
        <option value="">{t("registration.choose")}</option>
        {groups.map((g) => (
          <optgroup key={g.age} label={g.label}>
            {g.levels.map((l) => (
              <option key={`${g.age}-${l.id}`} value={String(l.id)}>
                {isolate(appNames.level(l.name))}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A form's fields with these names (or a form whose fields are keyed by any name). */
type Fields<Name extends string> = Record<Name, Field> | { [name: string]: Field };
type EmergencyFieldName = "emergency_contact_name" | "emergency_contact_phone" | "emergency_contact_relationship";

type PersonFieldName =
  "first_name" | "middle_name" | "last_name" | "second_last_name" | "id_number" | "birthday" | "phone_number" | "email";

/**
 * A student's names, id, birthday and contact. `own`: the person fills in
 * their own (the public registration), so the browser may autofill them;
 * staff typing someone else's get no autofill.
 */
export function PersonFields({ fields: all, own = false }: { fields: Fields<PersonFieldName>; own?: boolean }) {
  const { t } = useTranslation();
  const fields = all as Record<PersonFieldName, Field>;
  const auto = (personal?: string) => (own ? personal : "off");
  return (
    <>
      <TextField
        field={fields.first_name}
        label={t("registration.fields.first_name")}
        autoComplete={auto("given-name")}
      />
      <TextField
        field={fields.middle_name}
        label={t("registration.fields.middle_name")}
        autoComplete={auto("additional-name")}
      />
      <TextField
        field={fields.last_name}
        label={t("registration.fields.last_name")}
        autoComplete={auto("family-name")}
      />
      <TextField
        field={fields.second_last_name}
        label={t("registration.fields.second_last_name")}
        autoComplete={auto()}
      />
      <TextField
        field={fields.id_number}
        label={t("registration.fields.id_number")}
        hint={t("registration.hints.id_number")}
        autoComplete={auto()}
      />
      <TextField
        field={fields.birthday}
        label={t("registration.fields.birthday")}
        type="date"
        autoComplete={auto("bday")}
      />
      <TextField
        field={fields.phone_number}
        label={t("registration.fields.phone_number")}
        type="tel"
        inputMode="tel"
        hint={t("registration.hints.phone")}
        autoComplete={auto("tel")}
      />
      <TextField
        field={fields.email}
        label={t("registration.fields.email")}
        type="email"
        autoComplete={auto("email")}
      />
    </>
  );
}

/** A kid's emergency contact. */
export function EmergencyFields({ fields: all, own = false }: { fields: Fields<EmergencyFieldName>; own?: boolean }) {
  const { t } = useTranslation();
  const fields = all as Record<EmergencyFieldName, Field>;
  const auto = own ? undefined : "off";
  return (
    <>
      <TextField
        field={fields.emergency_contact_name}
        label={t("registration.fields.emergency_contact_name")}
        autoComplete={auto}
      />
      <TextField
        field={fields.emergency_contact_phone}
        label={t("registration.fields.emergency_contact_phone")}
        type="tel"
        inputMode="tel"
        autoComplete={auto}
      />
      <TextField
        field={fields.emergency_contact_relationship}
        label={t("registration.fields.emergency_contact_relationship")}
        autoComplete={auto}
      />
    </>
  );
}

/** Kids or adults (the registration's and the student's form): `onChange` shows the emergency contact for kids. */
export function AgeCategoryField({ field, onChange }: { field: Field; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      field={field}
      legend={t("registration.fields.age_category")}
      onChange={onChange}
      options={[
        { value: "kids", label: t("registration.age.kids") },
        { value: "adults", label: t("registration.age.adults") },
      ]}
    />
  );
}

/** Billing at the same address, yes or no: `onChange` hides the billing address for yes. */
export function SameBillingField({ field, onChange }: { field: Field; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      field={field}
      legend={t("registration.fields.same_billing")}
      onChange={onChange}
      options={[
        { value: "yes", label: t("registration.yes") },
        { value: "no", label: t("registration.no") },
      ]}
    />
  );
}
