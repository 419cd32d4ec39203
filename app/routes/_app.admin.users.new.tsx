import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { titleMeta } from "~/components/ui/meta";
import { CreateUserForm } from "~/components/users/create-user-form";
import { OneTimeLink } from "~/components/users/one-time-link";
import { fieldRules } from "~/components/zod-form";
import { requirePermission } from "~/http/guards.server";
import { useIntentResult } from "~/http/intents";
import { handleIntents, show, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { PASSWORD_FIELDS, createUserSchema } from "~/modules/users/schema";
import { createUser, passwordLinkPath } from "~/modules/users/users.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "users:manage");
  const t = await translator(request, "users");
  return json({ title: t("create.title"), rules: fieldRules(createUserSchema) });
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return handleIntents(request, {
    guard: async () => ({ actor: await requirePermission(request, "users:manage") }),
    forms: { create: createUserSchema },
    defaultIntent: "create",
    hideFields: PASSWORD_FIELDS,
    intents: {
      create: async (value, { actor }) => {
        const outcome = await createUser(value, actor.id);
        if (!outcome.ok) return outcome;
        if (!outcome.token) return toastTo(`/admin/users/${outcome.id}`, "users:toasts.created");
        // The link is shown this once: only its hash is kept, so it cannot be shown again.
        const link = new URL(passwordLinkPath(outcome.token), request.url).toString();
        return show({ created: { id: outcome.id, name: value.name, link } });
      },
    },
    refusals: { emailTaken: { field: "email", message: "users:errors.emailTaken" } },
  });
}

export default function NewUser() {
  const { rules } = useLoaderData<typeof loader>();
  const actionData = useIntentResult<typeof action>("create");
  const { t } = useTranslation("users");
  const created = actionData?.created;

  return (
    <div className="max-w-2xl space-y-4">
      <p>
        <Link to="/admin/users" className="text-sm text-primary-dark underline">
          {t("backToList")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("create.title")}</h1>
      {created ? (
        <>
          <OneTimeLink link={created.link} title={t("create.createdWithLink", { name: created.name })} />
          <p className="flex flex-wrap gap-3">
            <Link to={`/admin/users/${created.id}`} className="btn-primary">
              {t("create.openUser")}
            </Link>
            <Link to="/admin/users/new" reloadDocument className="btn-secondary">
              {t("create.another")}
            </Link>
          </p>
        </>
      ) : (
        <CreateUserForm rules={rules} lastResult={actionData?.result} />
      )}
    </div>
  );
}
