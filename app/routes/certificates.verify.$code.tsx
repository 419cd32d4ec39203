import { type HeadersFunction, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/components/ui/meta";
import { VerifyCodeForm, VerifyFrame } from "~/components/verify/verify-frame";
import { VerifiedCertificateCard } from "~/components/verify/verify-result";
import { clientKey } from "~/env.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { VERIFY_WINDOW_MINUTES, verifyResultPage } from "~/modules/certificates/verify.server";

// Public (issue 21, ADR 048): what a certificate's QR code opens. An unknown
// or malformed code is a 404 that says nothing more; too many lookups from one
// client a 429; both pages in the reader's language.
export const handle = { i18n: ["common", "verify"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [page, t] = await Promise.all([
    verifyResultPage(params.code ?? "", clientKey(request, context)),
    translator(request, "verify"),
  ]);
  const { frame, outcome } = page;
  if (outcome.ok) return json({ title: t("resultTitle"), frame, outcome, minutes: VERIFY_WINDOW_MINUTES });
  const limited = outcome.reason === "rateLimited";
  const title = limited ? t("rateLimitedTitle") : t("notFoundTitle");
  const headers: HeadersInit = limited ? { "Retry-After": String(VERIFY_WINDOW_MINUTES * 60) } : {};
  return json({ title, frame, outcome, minutes: VERIFY_WINDOW_MINUTES }, { status: limited ? 429 : 404, headers });
}

export const meta = titleMeta;
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...(loaderHeaders.has("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});

export default function VerifyResult() {
  const { title, frame, outcome, minutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("verify");
  return (
    <VerifyFrame frame={frame}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {outcome.ok ? (
        <VerifiedCertificateCard certificate={outcome.certificate} />
      ) : (
        <p role="alert" className="card">
          {outcome.reason === "rateLimited" ? t("rateLimited", { minutes }) : t("notFound")}
        </p>
      )}
      <h2 className="text-lg font-semibold">{t("another")}</h2>
      <VerifyCodeForm />
    </VerifyFrame>
  );
}
