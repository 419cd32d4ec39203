import { useRef } from "react";

/**
 * Radix gives the focus back to its own Dialog.Trigger; ours open from a
 * link (…?confirm=approve), so this remembers what had the focus when the
 * dialog opened and returns it there on close. When that element is gone
 * (the action removed it, or the page opened with the dialog) the focus goes
 * to the same link if the page still has one, else to <main>.
 */
export function useReturnFocus() {
  const opener = useRef<{ element: HTMLElement; href: string | null } | null>(null);
  return {
    onOpenAutoFocus() {
      const el = document.activeElement;
      opener.current =
        el instanceof HTMLElement && el !== document.body ? { element: el, href: el.getAttribute("href") } : null;
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const { element, href } = opener.current ?? {};
      const target =
        (element?.isConnected ? element : null) ??
        (href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`) : null) ??
        document.getElementById("main");
      target?.focus({ preventScroll: !element?.isConnected });
    },
  };
}
