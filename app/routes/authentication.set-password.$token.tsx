import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SignInFrame } from "~/components/auth/sign-in-frame";
import { SubmitButton } from "~/components/forms";
import { useLaterSchema } from "~/components/later-checks";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { useAppForm } from "~/components/use-app-form";
import { NewPasswordFields } from "~/components/users/password-fields";
import { fieldRules } from "~/components/zod-form";
import { assertSameOrigin } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, ifDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { setPasswordPage } from "~/modules/auth/set-password.server";
import { PASSWORD_FIELDS, setPasswordSchema } from "~/modules/users/schema";
import { type TokenState, setPasswordWithToken } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

const REFUSED_STATES = ["invalid", "used", "expired"] as const;

const STATUS: Record<TokenState, number> = { valid: 200, invalid: 404, used: 410, expired: 410 };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [page, t] = await Promise.all([setPasswordPage(params.token ?? ""), translator(request, "users")]);
  return json(
    { ...page, title: t("setPassword.title"), constraint: fieldRules(setPasswordSchema) },
    { status: STATUS[page.state] },
  );
}

// The token in the URL stays on this site: every page is sent with
// Referrer-Policy: same-origin (a no-referrer meta would make form posts
// carry "Origin: null", which the CSRF checks refuse).
export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => {
      assertSameOrigin(request);
      return {};
    },
    forms: { set: setPasswordSchema },
    defaultIntent: "set",
    hideFields: PASSWORD_FIELDS,
    intents: {
      set: async ({ password }) =>
        ifDone(
          await setPasswordWithToken(params.token ?? "", password),
          toastTo("/authentication/login", "users:toasts.passwordSet"),
        ),
    },
    refusals: {
      invalid: { form: "users:setPassword.invalid", status: STATUS.invalid },
      used: { form: "users:setPassword.used", status: STATUS.used },
      expired: { form: "users:setPassword.expired", status: STATUS.expired },
    },
  });
}

export default function SetPassword() {
  const { state: loaded, school, constraint } = useLoaderData<typeof loader>();
  const check = useLaterSchema(() => import("~/modules/users/schema").then((m) => m.setPasswordSchema));
  const reply = useIntentResult<typeof action>("set");
  const { t } = useTranslation("users");
  // A link found used or expired as the form is sent shows as the page would.
  const refused = reply?.result.error?.[""]?.[0];
  const state = REFUSED_STATES.find((s) => refused === `users:setPassword.${s}`) ?? loaded;
  const [form, fields] = useAppForm({
    id: "set-password",
    lastResult: reply?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });

  return (
    <SignInFrame school={school}>
      <h1 className="text-2xl font-semibold">{t("setPassword.title")}</h1>
      {state !== "valid" ? (
        <>
          <p
            role="alert"
            className="mt-4 rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
          >
            {t(`setPassword.${state}`)}
          </p>
          <p className="mt-6 text-center text-sm">
            <Link to="/authentication/login" className="font-semibold text-primary-dark underline">
              {t("setPassword.toLogin")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t("setPassword.subtitle")}</p>
          <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)}>
            {form.errors?.length ? <FormAlert id={form.errorId}>{t(form.errors[0])}</FormAlert> : null}
            <NewPasswordFields password={fields.password} confirm={fields.confirm} />
            <SubmitButton className="btn-primary w-full">{t("setPassword.submit")}</SubmitButton>
          </Form>
        </>
      )}
    </SignInFrame>
  );
}
