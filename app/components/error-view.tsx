import { Link, isRouteErrorResponse, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AlertDialog } from "./ui/alert-dialog";

const LOCKED = "Account has been locked";

function messageOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
    if (typeof data === "string" && data && !data.startsWith("<")) return data;
  }
  return undefined;
}

/** The shared handling of every failed loader or action (spec section 8). */
export function ErrorView({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = messageOf(error);

  if (status === 404) return <NotFound standalone={standalone} />;

  if (status === 403 && message?.includes(LOCKED)) {
    return (
      <Frame standalone={standalone}>
        <AlertDialog
          heading="h1"
          title={t("errors.accountLockedTitle")}
          onClose={() => navigate("/authentication/login")}
          actions={
            <Link to="/authentication/login" className="btn-primary">
              {t("common.ok")}
            </Link>
          }
        >
          <p>{t("login.errors.locked")}</p>
        </AlertDialog>
      </Frame>
    );
  }

  if (status === 403) {
    return (
      <Frame standalone={standalone}>
        <AlertDialog
          heading="h1"
          title={t("errors.accessDeniedTitle")}
          onClose={() => navigate("/teachers")}
          actions={
            <Link to="/teachers" className="btn-primary">
              {t("common.ok")}
            </Link>
          }
        >
          <p>{t("errors.accessDenied")}</p>
        </AlertDialog>
      </Frame>
    );
  }

  return (
    <Frame standalone={standalone}>
      <div className="card mx-auto mt-16 max-w-lg text-center">
        <h1 className="text-xl font-semibold">{t("errors.oops")}</h1>
        {status >= 400 && status < 500 && message ? <p className="mt-2 text-slate-700">{message}</p> : null}
        <Link to="/" className="btn-primary mt-6">
          {t("errors.backHome")}
        </Link>
      </div>
    </Frame>
  );
}

function Frame({ standalone, children }: { standalone: boolean; children: React.ReactNode }) {
  return standalone ? <main id="main" className="p-4">{children}</main> : <>{children}</>;
}

export function NotFound({ standalone = true }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <div className="card mx-auto mt-16 max-w-lg text-center">
      <p className="text-5xl font-bold text-primary-dark" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-slate-700">{t("notFound.text")}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("errors.backHome")}
      </Link>
    </div>
  );
  return standalone ? <main id="main" className="p-4">{content}</main> : content;
}
