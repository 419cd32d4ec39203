import { type IconName } from "~/modules/menu/paths";

// Stroke-style icons (spec layout default), drawn inline so no icon font loads.
const PATHS: Record<IconName | "menu" | "chevron" | "arrowUp" | "logout" | "profile", string> = {
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  users:
    "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M22 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8",
  students: "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5",
  transfer: "M4 7h13l-3-3M20 17H7l3 3",
  registered: "M9 11l2 2 4-4M5 3h14v18H5z",
  book: "M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-5a3 3 0 0 0-3 3",
  course: "M3 5h18v12H3zM8 21h8M12 17v4",
  teacher: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0M18 8h4M20 6v4",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  bands: "M4 20V14M10 20V9M16 20V4M2 20h20",
  audit: "M6 3h9l4 4v14H6zM9 11h7M9 15h7M9 7h3",
  outbox: "M3 6h18v12H3zM3 6l9 7 9-7",
  faq: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17h.01",
  menu: "M4 6h16M4 12h16M4 18h16",
  chevron: "M9 6l6 6-6 6",
  arrowUp: "M12 19V5M5 12l7-7 7 7",
  logout: "M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h7",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0",
};

export function Icon({ name, className = "h-5 w-5" }: { name: keyof typeof PATHS; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`icon ${className}`}>
      <path d={PATHS[name]} />
    </svg>
  );
}

/**
 * A chevron that points back (previous) or forward (next) in the reading
 * direction: right-to-left pages turn it around, so "next" points left in Arabic.
 */
export function DirectionChevron({ to, className = "h-4 w-4" }: { to: "back" | "forward"; className?: string }) {
  return (
    <span data-direction={to} className={`inline-flex ${to === "back" ? "ltr:rotate-180" : "rtl:rotate-180"}`}>
      <Icon name="chevron" className={className} />
    </span>
  );
}
