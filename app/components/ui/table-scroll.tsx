import { type ReactNode } from "react";

/**
 * The box around a data table: on a narrow screen or at 200% zoom only it
 * scrolls sideways, never the page. It takes the keyboard focus, so a
 * keyboard user can scroll it with the arrow keys (WCAG 2.1.1), and it is a
 * group named like its table, so a screen reader says what it holds (a group,
 * not a region: twenty more landmarks would only bury the page's own).
 */
export function TableScroll({
  label,
  className = "",
  children,
  testId,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div role="group" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`} data-testid={testId}>
      {children}
    </div>
  );
}
