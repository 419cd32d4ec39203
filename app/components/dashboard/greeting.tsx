import { useTranslation } from "~/i18n/react";

/** The top of a home page: "Hello, {name}" as its h1, and a line under it. */
export function Greeting({ name, line }: { name: string; line: string }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <h1 className="text-2xl font-semibold">{t("home.greeting", { name })}</h1>
      <p className="mt-1 text-slate-700">{line}</p>
    </div>
  );
}
