import { schoolInitial } from "~/modules/settings/initial";

/**
 * The school's logo (its settings page), or without one the initial of its
 * name on a violet square. Decorative: the school's name always stands next to it.
 * A wide logo shrinks, keeping its proportions, rather than push the header
 * past a phone's width.
 */
export function SchoolMark({ name, logo, size = 32 }: { name: string; logo: string | null; size?: number }) {
  if (logo) {
    return (
      <img
        src={logo}
        alt=""
        height={size}
        style={{ height: size, maxWidth: size * 3 }}
        className="w-auto min-w-0 shrink object-contain object-left rtl:object-right"
        data-school-logo=""
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.55 }}
      className="inline-flex shrink-0 items-center justify-center rounded-md bg-primary-dark font-bold leading-none text-white"
      data-school-initial=""
    >
      {schoolInitial(name)}
    </span>
  );
}
