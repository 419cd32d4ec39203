import { type ReactNode } from "react";

export type Detail = [label: string, value: ReactNode];

/** A card of label/value pairs under its h2 (the section is named by it). */
export function DetailsCard({
  id,
  title,
  items,
  wide = false,
  dash = false,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  items: Detail[];
  /** Three columns on a large screen (two otherwise). */
  wide?: boolean;
  /** An empty value shows as "—", and line breaks are kept (free text). */
  dash?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <DetailsList items={items} wide={wide} dash={dash} />
      {children}
    </section>
  );
}

/** The pairs alone, as a description list. */
export function DetailsList({
  items,
  wide = false,
  dash = false,
  className = "",
}: {
  items: Detail[];
  wide?: boolean;
  dash?: boolean;
  className?: string;
}) {
  const grid = wide
    ? "grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3"
    : "grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2";
  return (
    <dl className={className ? `${className} ${grid}` : grid}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className={dash ? "whitespace-pre-line break-words font-medium" : "break-words font-medium"}>
            {dash ? value || "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
