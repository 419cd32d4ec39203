import { Form } from "@remix-run/react";
import { useAppNames } from "~/components/app-names";
import { useIsolate } from "~/components/courses/labels";
import { FilterSelect } from "~/components/ui/filters";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { ALL_LEVELS } from "~/modules/levels/levels";

/** The dashboard week's GET filters (professor, level); the week shown is kept, and clearing keeps it too. */
export function WeekFilters({ monday, professors }: { monday: string; professors: { id: number; name: string }[] }) {
  const { t } = useTranslation(["school", "common"]);
  const isolate = useIsolate();
  const appNames = useAppNames();
  const selects = [
    {
      name: "professor",
      width: "min-w-[12rem]",
      label: t("common:roles.professor"),
      options: professors.map((p) => ({ value: p.id, label: p.name })),
    },
    {
      name: "level",
      width: "min-w-[10rem]",
      label: t("dashboard.week.level"),
      options: ALL_LEVELS.map((l) => ({ value: l.id, label: isolate(appNames.level(l.name)) })),
    },
  ];
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("common:filters.label")}
      className="card flex flex-wrap items-end gap-3 p-4"
    >
      <input type="hidden" name="week" value={monday} />
      {selects.map(({ width, ...select }) => (
        <div key={select.name} className={width}>
          <FilterSelect {...select} />
        </div>
      ))}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          {t("common:filters.apply")}
        </button>
        <Link to={`?week=${monday}`} className="btn-secondary">
          {t("common:filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
