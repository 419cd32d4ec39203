import { isRouteErrorResponse, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/react";
import { AlertDialog } from "./ui/alert-dialog";

const LOCKED = "Account has been locked";

/** What the server said: a translation key, or (from Remix or a module) plain text. */
function messageOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return undefined;
}

/**
 * The shared handling of every failed loader or action (spec section 8).
 * A message is shown only when it is one of the app's translation keys, in
 * the reader's language: never a module's English nor Remix's own text.
 */
export function ErrorView({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = messageOf(error);
  const readable = message && status >= 400 && status < 500 && i18n.exists(message) ? message : undefined;

  if (status === 404) return <NotFound standalone={standalone} />;

  if (status === 403 && (message?.includes(LOCKED) || message === "login.errors.locked")) {
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

  if (status === 413) {
    return (
      <Frame standalone={standalone}>
        <StatusCard status={413} title={t("errors.bodies.title")} text={t("errors.bodies.tooLarge")} />
      </Frame>
    );
  }

  if (status === 405) {
    return (
      <Frame standalone={standalone}>
        <StatusCard status={405} title={t("errors.methodNotAllowedTitle")} text={t("errors.methodNotAllowed")} />
      </Frame>
    );
  }

  return (
    <Frame standalone={standalone}>
      <div className="card mx-auto mt-16 max-w-lg text-center">
        <h1 className="text-xl font-semibold">{t("errors.oops")}</h1>
        {readable ? <p className="mt-2 text-slate-700">{t(readable)}</p> : null}
        <Link to="/" className="btn-primary mt-6">
          {t("errors.backHome")}
        </Link>
      </div>
    </Frame>
  );
}

function Frame({ standalone, children }: { standalone: boolean; children: React.ReactNode }) {
  return standalone ? (
    <main id="main" className="p-4">
      {children}
    </main>
  ) : (
    <>{children}</>
  );
}

export function NotFound({ standalone = true }: { standalone?: boolean }) {
  const { t } = useTranslation();
  return (
    <Frame standalone={standalone}>
      <StatusCard status={404} title={t("notFound.title")} text={t("notFound.text")} />
    </Frame>
  );
}

/** A status page's card: the code, what it means, and the way home. */
function StatusCard({ status, title, text }: { status: number; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="card mx-auto mt-16 max-w-lg text-center">
      <p className="text-5xl font-bold text-primary-dark" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("errors.backHome")}
      </Link>
    </div>
  );
}
