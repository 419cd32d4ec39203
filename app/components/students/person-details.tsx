import { type ReactNode } from "react";
import { useFormat } from "~/components/format";
import { type Detail } from "~/components/ui/details-card";
import { useTranslation } from "~/i18n/react";
import { findSchedule } from "~/modules/calendar/schedules";

// What a student's page and a registration's page both show about a person
// (the registration's field labels, in the "common" namespace).

interface Person {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  second_last_name: string | null;
  id_number: string | null;
  birthday: string | null;
  phone_number: string | null;
  email: string | null;
  age_category: string;
}

/** A phone number, kept left to right in a right-to-left page. */
export const phone = (value: string | null): ReactNode => (value ? <bdi dir="ltr">{value}</bdi> : null);

/** The person's names, id number, birthday, phone, email and age category. */
export function usePersonDetails(p: Person): Detail[] {
  const { t } = useTranslation("common");
  const format = useFormat();
  return [
    [t("registration.fields.first_name"), p.first_name],
    [t("registration.fields.middle_name"), p.middle_name],
    [t("registration.fields.last_name"), p.last_name],
    [t("registration.fields.second_last_name"), p.second_last_name],
    [t("registration.fields.id_number"), p.id_number],
    [t("registration.fields.birthday"), format.day(p.birthday)],
    [t("registration.fields.phone_number"), phone(p.phone_number)],
    [t("registration.fields.email"), p.email],
    [t("registration.fields.age_category"), t(`registration.age.${p.age_category}`)],
  ];
}

/** A schedule's label (its days and hours), or the stored value when it is not one of the school's. */
export function useScheduleLabel() {
  const { t } = useTranslation("common");
  return (value: string | null) => {
    const schedule = findSchedule(value);
    return schedule
      ? t("registration.scheduleLabel", {
          days: t(`registration.days.${schedule.days}`),
          start: schedule.start_time,
          end: schedule.end_time,
        })
      : value;
  };
}
