import { type ReactNode, type Ref } from "react";

/**
 * A form's or a page's refusal, announced as an alert: a boxed message, or
 * `plain` red text inside a dialog. Nothing is rendered without a message.
 */
export function FormAlert({
  children,
  id,
  plain = false,
  className,
  focusRef,
}: {
  children?: ReactNode;
  id?: string;
  plain?: boolean;
  className?: string;
  /** For a summary that takes the focus (tabIndex -1). */
  focusRef?: Ref<HTMLDivElement>;
}) {
  if (children === null || children === undefined || children === false || children === "") return null;
  const base = plain
    ? "text-sm text-rose-900"
    : "rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900";
  return (
    <div
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      id={id}
      role="alert"
      className={className ? `${className} ${base}` : base}
    >
      {children}
    </div>
  );
}
