import { type HeadersFunction, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/components/ui/meta";
import { VerifyCodeForm, VerifyFrame } from "~/components/verify/verify-frame";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { verifyFormPage } from "~/modules/certificates/verify.server";

// Public (issue 21, ADR 048): no sign-in. A GET form, so it works without
// JavaScript; a typed code is sent on to its own page.
export const handle = { i18n: ["common", "verify"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await verifyFormPage(new URL(request.url).searchParams);
  if ("to" in page) throw redirect(page.to);
  const t = await translator(request, "verify");
  return json({ title: t("title"), frame: page.frame });
}

export const meta = titleMeta;
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function VerifyForm() {
  const { frame } = useLoaderData<typeof loader>();
  const { t } = useTranslation("verify");
  return (
    <VerifyFrame frame={frame}>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p>{t("intro")}</p>
      <VerifyCodeForm />
    </VerifyFrame>
  );
}
