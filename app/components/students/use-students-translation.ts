import { useTranslation } from "~/i18n/react";

/**
 * The students namespace first, then common (registration fields, filters,
 * statuses…): `t("saved")` and `t("registration.fields.email")` both resolve,
 * and both namespaces are loaded before the page renders.
 */
export function useStudentsTranslation() {
  return useTranslation(["students", "common"], { nsMode: "fallback" });
}
