import { Form } from "@remix-run/react";
import { type ReactNode } from "react";
import { FilterActions, FilterFold } from "~/components/ui/filters";
import { useTranslation } from "~/i18n/react";

/** The GET filter form of the users list and the audit log: its fields, then apply and clear. */
export function ListFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FilterFold>
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
        aria-label={t("filters.label")}
      >
        {children}
        <FilterActions />
      </Form>
    </FilterFold>
  );
}
