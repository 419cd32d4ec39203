import { useTranslation } from "~/i18n/react";

export function LockBadge({ locked }: { locked: boolean }) {
  const { t } = useTranslation("users");
  return locked ? (
    <span className="inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900">
      {t("status.locked")}
    </span>
  ) : (
    <span className="text-slate-700">{t("status.unlocked")}</span>
  );
}
