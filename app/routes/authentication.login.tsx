import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, SubmitButton } from "~/components/forms";
import { LanguageSwitcher } from "~/components/language-switcher";
import { SchoolMark } from "~/components/layout/school-mark";
import { SkipLink } from "~/components/layout/skip-link";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { useIntentResult } from "~/http/intents";
import { formReply } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { assertSameOrigin } from "~/modules/auth/guards.server";
import { loginSchema } from "~/modules/auth/login-schema";
import { type LoginFailure, signIn } from "~/modules/auth/login.server";
import { schoolBrand } from "~/modules/settings.server";
import { readForm } from "~/modules/shared/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const [t, school] = await Promise.all([translator(request), schoolBrand()]);
  return json({ schoolName: school.name, schoolLogo: school.logo, title: t("login.title") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.schoolName}` : "Sign in" },
];

const STATUS: Record<LoginFailure, number> = {
  invalid: 401,
  inactive: 403,
  noAccess: 403,
  locked: 403,
  rateLimited: 429,
};

// The sign-in keeps its own parser (its body limit, ADR 026, and remix-auth's check): only the reply step is shared.
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request, "login");
  const submission = parseWithZod(formData, { schema: loginSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return formReply("login", submission.reply({ hideFields }), { status: 400 }, { failure: null });
  }
  const outcome = await signIn(formData, submission.value.redirectTo, request, context);
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [`login.errors.${outcome.reason}`], hideFields });
    return formReply("login", result, { status: STATUS[outcome.reason] }, { failure: outcome.reason });
  }
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return redirect(outcome.to, { headers });
}

export default function Login() {
  const { t } = useTranslation();
  const { schoolName, schoolLogo } = useLoaderData<typeof loader>();
  const reply = useIntentResult<typeof action>("login");
  const [params] = useSearchParams();
  const [form, fields] = useForm({
    id: "login",
    lastResult: reply?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const locked = reply?.failure === "locked";

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <p className="flex min-w-0 items-center gap-2 text-lg font-bold text-primary-dark">
          <SchoolMark name={schoolName} logo={schoolLogo} />
          <span className="[overflow-wrap:anywhere]">{schoolName}</span>
        </p>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center p-4">
        <div className="card w-full max-w-md">
          <h1 className="text-2xl font-semibold">{t("login.title")}</h1>
          <p className="mt-1 text-sm text-slate-700">{t("login.subtitle")}</p>
          {/* noValidate: the browser's own email check would stop "a@@@b.com" with its
              bubble before the server could answer the spec's message (no JavaScript). */}
          <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)} noValidate>
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            {form.errors?.length && !locked ? (
              <div
                id={form.errorId}
                role="alert"
                className="rounded-md border border-secondary-dark bg-rose-50 px-3 py-2 text-sm text-rose-900"
              >
                {t(form.errors[0])}
              </div>
            ) : null}
            <div>
              <label htmlFor={fields.email.id} className="field-label">
                {t("login.email")}
              </label>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="username"
                className="field-input"
                key={fields.email.key}
              />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div>
              <label htmlFor={fields.password.id} className="field-label">
                {t("login.password")}
              </label>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                autoComplete="current-password"
                className="field-input"
              />
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </div>
            <SubmitButton className="btn-primary w-full">{t("login.submit")}</SubmitButton>
          </Form>
          <p className="mt-6 text-center text-sm text-slate-700">
            {t("login.newStudent")}{" "}
            <Link to="/students-registration" className="font-semibold text-primary-dark underline">
              {t("login.registerLink")}
            </Link>
          </p>
        </div>
      </main>
      {locked ? (
        <AlertDialog
          title={t("errors.accountLockedTitle")}
          actions={
            <Link to="/authentication/login" reloadDocument className="btn-primary">
              {t("common.ok")}
            </Link>
          }
        >
          <p>{t("login.errors.locked")}</p>
        </AlertDialog>
      ) : null}
    </div>
  );
}
