import { Link } from "~/components/ui/link";

/**
 * A row of links that pick one view of the page (`?term=running`, …), as
 * tabs look: a nav named `label`, the current one marked `aria-current="page"`.
 * Links, not buttons, so they work without JavaScript.
 */
export function TabLinks({
  label,
  items,
  current,
  className = "inline-flex",
}: {
  label: string;
  items: readonly { key: string; to: string; label: string }[];
  current: string;
  /** The list's display ("inline-flex", or "flex" on a line of its own). */
  className?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className={`${className} gap-1 rounded-md border border-slate-300 bg-white p-1`}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              aria-current={item.key === current ? "page" : undefined}
              className={`block rounded px-3 py-1 text-sm font-medium ${item.key === current ? "bg-primary-dark text-white" : "text-slate-800 hover:bg-slate-100"}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
