import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { LanguageSwitcher } from "~/components/language-switcher";
import { SchoolMark } from "~/components/layout/school-mark";
import { SkipLink } from "~/components/layout/skip-link";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordFields } from "~/components/ui/form-fields";
import { titleMeta } from "~/components/ui/meta";
import { translator } from "~/i18n/i18n.server";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { schoolBrand } from "~/modules/settings.server";
import { readForm } from "~/modules/shared/form.server";
import { toasts } from "~/modules/toast.server";
import { PASSWORD_FIELDS, setPasswordSchema } from "~/modules/users/schema";
import { type TokenState, passwordTokenState, setPasswordWithToken } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

const STATUS: Record<Exclude<TokenState, "valid">, number> = { invalid: 404, used: 410, expired: 410 };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [state, t, school] = await Promise.all([
    passwordTokenState(params.token ?? ""),
    translator(request, "users"),
    schoolBrand(),
  ]);
  return json({ state, title: t("setPassword.title"), school }, { status: state === "valid" ? 200 : STATUS[state] });
}

// The token in the URL stays on this site: every page is sent with
// Referrer-Policy: same-origin (a no-referrer meta would make form posts
// carry "Origin: null", which the CSRF checks refuse).
export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: setPasswordSchema });
  if (submission.status !== "success") {
    return json(
      { result: submission.reply({ hideFields: PASSWORD_FIELDS }), state: "valid" as TokenState },
      { status: 400 },
    );
  }
  const outcome = await setPasswordWithToken(params.token ?? "", submission.value.password);
  if (!outcome.ok) {
    return json(
      {
        result: submission.reply({ formErrors: [`users:setPassword.${outcome.reason}`], hideFields: PASSWORD_FIELDS }),
        state: outcome.reason as TokenState,
      },
      { status: STATUS[outcome.reason] },
    );
  }
  return toasts(request).redirectWithSuccess("/authentication/login", "users:toasts.passwordSet");
}

export default function SetPassword() {
  const { state: loaded, school } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("users");
  const state = actionData?.state ?? loaded;
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(setPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <p className="flex min-w-0 items-center gap-2 text-lg font-bold text-primary-dark">
          <SchoolMark name={school.name} logo={school.logo} />
          <span className="[overflow-wrap:anywhere]">{school.name}</span>
        </p>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center p-4">
        <div className="card w-full max-w-md">
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
        </div>
      </main>
    </div>
  );
}
