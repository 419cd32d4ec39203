import { type ReactNode } from "react";

/** A card of a page's forms under its h2 (the section is named by it). */
export function FormCard({
  id,
  title,
  className = "space-y-2",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`card ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
