import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ToastMessage } from "remix-toast";

const STYLES: Record<ToastMessage["type"], string> = {
  success: "border-emerald-700 bg-emerald-50 text-emerald-900",
  error: "border-secondary-dark bg-rose-50 text-rose-900",
  warning: "border-amber-700 bg-amber-50 text-amber-900",
  info: "border-primary-dark bg-primary-light text-slate-900",
};

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
        <div
          className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded-md border-s-4 px-4 py-3 shadow-lg ${STYLES[visible.type]}`}
        >
          <p className="text-sm font-medium">{t(visible.message)}</p>
          {visible.description ? <p className="text-sm">{t(visible.description)}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
