import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useId } from "react";
import { useReturnFocus } from "./return-focus";

/**
 * A dialog that is already open when the server renders it, so it shows
 * without JavaScript; with JavaScript Radix traps and returns focus. No
 * Portal: the content renders in place, also on the server. Pages take it
 * through ./alert-dialog, which loads this (and Radix) only when one shows.
 */
export function RadixAlertDialog({
  title,
  children,
  actions,
  onClose,
  heading = "h2",
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
  /** "h1" when the dialog is all the page has (an error page): its title is the page's heading. */
  heading?: "h1" | "h2";
}) {
  const Heading = heading;
  // Radix names the dialog only after a layout effect; our own ids name it in
  // the server's HTML too, so it is announced without JavaScript.
  const id = useId();
  const focus = useReturnFocus();
  return (
    <Dialog.Root defaultOpen modal onOpenChange={(open) => !open && onClose?.()}>
      <Dialog.Overlay className="fixed inset-0 z-40 !m-0 bg-slate-900/50" />
      <Dialog.Content
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        className="fixed start-1/2 top-1/2 z-50 !m-0 w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2"
      >
        <Dialog.Title asChild>
          <Heading id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </Heading>
        </Dialog.Title>
        <Dialog.Description asChild>
          <div id={`${id}-text`} className="mt-2 text-slate-700">
            {children}
          </div>
        </Dialog.Description>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3">{actions}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
