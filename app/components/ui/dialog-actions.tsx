import { type ReactNode, createContext, useContext } from "react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";

/** Where a confirm dialog's Cancel goes (set by ConfirmDialog; null outside one). */
export const DialogCancelContext = createContext<string | null>(null);

/**
 * A dialog's buttons: Cancel first, then the main action, side by side at the
 * end of the dialog, the same in every dialog. Inside a ConfirmDialog the
 * form's SubmitButton places itself here, so the action stays in its form.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const cancelTo = useContext(DialogCancelContext);
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
      {cancelTo !== null ? (
        <Link to={cancelTo} replace preventScrollReset className="btn-secondary whitespace-nowrap">
          {t("common.cancel")}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

/** Whether this component is inside a confirm dialog. */
export function useInDialog() {
  return useContext(DialogCancelContext) !== null;
}
