import { type ReactNode } from "react";
import { Link } from "~/components/ui/link";

/**
 * The top of a page: an optional way back, the page's one h1 (with a badge
 * beside it, e.g. a status) and the page's actions, on the title's line.
 */
export function PageHeader({
  title,
  back,
  badge,
  actions,
  titleClassName,
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  badge?: ReactNode;
  actions?: ReactNode;
  /** Added to the h1's classes (e.g. "font-mono" for a code). */
  titleClassName?: string;
}) {
  const h1 = <h1 className={`text-2xl font-semibold${titleClassName ? ` ${titleClassName}` : ""}`}>{title}</h1>;
  const heading = badge ? (
    <div className="flex flex-wrap items-center gap-3">
      {h1}
      {badge}
    </div>
  ) : (
    h1
  );
  return (
    <>
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        heading
      )}
    </>
  );
}

/** "Back to the list": a small link above a page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="text-sm text-primary-dark underline">
        {children}
      </Link>
    </p>
  );
}
