import { type HeadersFunction, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMetaOr } from "~/components/ui/meta";
import { db, sql } from "~/db/kysely.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";

// GET /status: public, for the deployment's health check (200 when the
// database answers, 503 when not) — and the smallest page of the app, which
// `npm run bench` measures as the framework's ceiling (docs/performance.md).

export const handle = { i18n: "common" };

export async function loader({ request }: LoaderFunctionArgs) {
  let ok = true;
  try {
    await sql`select 1`.execute(db());
  } catch {
    ok = false;
  }
  const t = await translator(request);
  return json({ ok, title: t("health.title") }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = titleMetaOr("Status");

export default function Status() {
  const { ok } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-lg p-4">
      <h1 className="mt-16 text-xl font-semibold">{t("health.title")}</h1>
      <p className="mt-2 text-slate-700" role="status">
        {t(ok ? "health.ok" : "health.down")}
      </p>
    </main>
  );
}
