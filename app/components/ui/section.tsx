import { type ReactNode } from "react";

/**
 * A part of a page named by its h2: the section is labelled by the heading's
 * id, so a screen reader's landmarks and headings lists both name it.
 */
export function Section({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: ReactNode;
  /** The section's classes (e.g. "card p-4"). */
  className?: string;
  /** Added to the h2's classes (e.g. "mb-3"). */
  headingClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName ? `text-lg font-semibold ${headingClassName}` : "text-lg font-semibold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}
