import { useEffect, useState } from "react";
import { type ToastMessage } from "remix-toast";
import { useTranslation } from "~/i18n/react";

// One class per kind in tailwind.css, each named here whole so that Tailwind
// keeps it:
// toast-success
// toast-error
// toast-warning
// toast-info

/** Toasts render on the server into a live region, so they show without JavaScript. */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 8000);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 end-4 z-50 flex flex-col gap-2">
      {visible ? (
        <div className={`toast toast-${visible.type}`}>
          <p className="text-sm font-medium">{t(visible.message)}</p>
          {visible.description ? <p className="text-sm">{t(visible.description)}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
