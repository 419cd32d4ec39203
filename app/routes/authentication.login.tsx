import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { SignInFrame } from "~/components/auth/sign-in-frame";
import { TextField } from "~/components/fields";
import { SubmitButton } from "~/components/forms";
import { useLaterSchema } from "~/components/later-checks";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { useAppForm } from "~/components/use-app-form";
import { fieldRules, parseWithZod } from "~/components/zod-form";
import { readForm } from "~/http/form.server";
import { assertSameOrigin } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { formReply } from "~/http/intents.server";
import { signIn } from "~/http/sign-in.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { loginSchema } from "~/modules/auth/login-schema";
import { type LoginFailure } from "~/modules/auth/login.server";
import { schoolBrand } from "~/modules/settings/settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const [t, school] = await Promise.all([translator(request), schoolBrand()]);
  return json({
    schoolName: school.name,
    schoolLogo: school.logo,
    title: t("login.title"),
    constraint: fieldRules(loginSchema),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.schoolName}` : "Sign in" },
];

/** The longest email the sign-in page takes back from its address (an email is at most 254 characters). */
const EMAIL_KEPT_MAX = 254;

const STATUS: Record<LoginFailure, number> = {
  invalid: 401,
  inactive: 403,
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
  const { schoolName, schoolLogo, constraint } = useLoaderData<typeof loader>();
  const check = useLaterSchema(() => import("~/modules/auth/login-schema").then((m) => m.loginSchema));
  const reply = useIntentResult<typeof action>("login");
  const [params] = useSearchParams();
  // After a lockout the dialog's OK comes back here with the email (?email=): it stays in its field (issue 19).
  const keptEmail = (params.get("email") ?? "").slice(0, EMAIL_KEPT_MAX);
  const [form, fields] = useAppForm({
    id: "login",
    lastResult: reply?.result,
    defaultValue: { email: keptEmail },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const locked = reply?.failure === "locked";
  const back = new URLSearchParams();
  const typed = fields.email.value;
  if (typeof typed === "string" && typed) back.set("email", typed.slice(0, EMAIL_KEPT_MAX));
  if (params.get("redirectTo")) back.set("redirectTo", params.get("redirectTo") ?? "");
  const again = `/authentication/login${back.size ? `?${back}` : ""}`;

  return (
    <SignInFrame
      school={{ name: schoolName, logo: schoolLogo }}
      after={
        locked ? (
          <AlertDialog
            title={t("errors.accountLockedTitle")}
            actions={
              <Link to={again} reloadDocument className="btn-primary">
                {t("common.ok")}
              </Link>
            }
          >
            <p>{t("login.errors.locked")}</p>
          </AlertDialog>
        ) : null
      }
    >
      <h1 className="text-2xl font-semibold">{t("login.title")}</h1>
      <p className="mt-1 text-sm text-slate-700">{t("login.subtitle")}</p>
      {/* noValidate: the browser's own email check would stop "a@@@b.com" with its
          bubble before the server could answer the spec's message (no JavaScript). */}
      <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)} noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {locked ? null : <FormAlert id={form.errorId}>{form.errors?.length ? t(form.errors[0]) : null}</FormAlert>}
        <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="username" />
        <TextField
          field={fields.password}
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton className="btn-primary w-full">{t("login.submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("login.newStudent")}{" "}
        <Link to="/students-registration" className="font-semibold text-primary-dark underline">
          {t("login.registerLink")}
        </Link>
      </p>
    </SignInFrame>
  );
}
