import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "./icons";

export const SCROLL_TOP_AFTER = 100;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_AFTER);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0 })}
      className="fixed bottom-6 end-6 z-20 rounded-full bg-primary-dark p-3 text-white shadow-lg hover:bg-[#3d31c4]"
      aria-label={t("layout.scrollToTop")}
    >
      <Icon name="arrowUp" />
    </button>
  );
}
