import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { Icon } from "./icons";

export function avatarSrc(image: string | null) {
  return image ? `/v1/api/images/${encodeURIComponent(image)}` : "/images/avatar-default.svg";
}

/** <details> opens without JavaScript; logout is a POST. */
export function ProfileMenu({ name, roleLabel, image }: { name: string; roleLabel: string; image: string | null }) {
  const { t } = useTranslation();
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-100">
        <img
          src={avatarSrc(image)}
          alt=""
          width={35}
          height={35}
          className="h-[35px] w-[35px] rounded-full object-cover"
        />
        <span className="hidden text-start sm:block">
          <span className="block text-sm font-semibold leading-tight">{name}</span>
          <span className="block text-xs text-slate-700">{roleLabel}</span>
        </span>
        <span className="sr-only">{t("layout.profileMenu")}</span>
      </summary>
      <div className="absolute end-0 z-30 mt-1 w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <Link to="/profile" className="flex items-center gap-2 rounded px-3 py-2 text-sm hover:bg-slate-100">
          <Icon name="profile" className="h-4 w-4" />
          {t("layout.profile")}
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-2 rounded px-3 py-2 text-start text-sm hover:bg-slate-100"
          >
            <Icon name="logout" className="h-4 w-4" />
            {t("layout.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
