import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Dates in the user's language and the school's time zone. */
export function useFormat() {
  const { i18n } = useTranslation();
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  const timeZone = root?.timeZone ?? "America/Guayaquil";
  const locale = i18n.language || "en";
  return {
    /** A stored timestamp (ISO) as a local date. */
    date(iso: string | null | undefined) {
      if (!iso) return "";
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(new Date(iso));
    },
    /** A calendar date (YYYY-MM-DD), never shifted by a time zone. */
    day(ymd: string | null | undefined) {
      if (!ymd) return "";
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));
    },
    dateTime(iso: string | null | undefined) {
      if (!iso) return "";
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
    },
  };
}
