import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GradebookForm } from "~/components/grades/gradebook-form";
import { titleMeta } from "~/components/ui/meta";
import { requireCourseProfessor } from "~/http/course-access.server";
import { readForm } from "~/http/form.server";
import { useIntentResult } from "~/http/intents";
import { formReply, infoTo, redirectDone, toastTo } from "~/http/intents.server";
import { translator } from "~/i18n/i18n.server";
import { schoolToday } from "~/modules/calendar/sessions.server";
import { refusedGradebook } from "~/modules/grades/gradebook-form";
import { gradebookPage, saveGradebook } from "~/modules/grades/gradebook.server";

export const handle = { i18n: ["common", "course", "gradebook"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  const asked = new URL(request.url).searchParams.get("item");
  const [page, t] = await Promise.all([gradebookPage(courseId, asked), translator(request, "gradebook")]);
  // An item the course does not have: the page says so (and shows the items to choose from).
  return json(
    { title: `${t("gradebook.title")} · ${page.course.code}`, ...page },
    { status: page.unknownItem ? 404 : 200 },
  );
}

export const meta = titleMeta;

/** The grid keeps its own parser (saveGradebook reads every cell); its answer is the pipeline's. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, courseId } = await requireCourseProfessor(request, params);
  const form = await readForm(request, "grid");
  const outcome = await saveGradebook(courseId, user.id, form, await schoolToday());
  // Saved from one item's view (?item=), the answer comes back to it.
  const item = new URL(request.url).searchParams.get("item");
  const here = `/course/${courseId}/gradebook${item && /^\d{1,10}$/.test(item) ? `?item=${item}` : ""}`;
  if (outcome.ok) {
    const done = outcome.written
      ? toastTo(here, "gradebook:gradebook.saved")
      : infoTo(here, "gradebook:gradebook.nothingChanged");
    return redirectDone(request, done);
  }
  const status = outcome.reason === "conflict" ? 409 : 400;
  // What is wrong is in the grid's own state (each cell's error), not in conform's result.
  return formReply("save", { status: "error" }, { status }, { state: refusedGradebook(outcome, form) });
}

export default function GradebookPage() {
  const { token, course, items, rows, item, unknownItem } = useLoaderData<typeof loader>();
  const state = useIntentResult<typeof action>("save")?.state;
  // A fresh form after every answer from the server, so cells show what it says.
  return (
    <GradebookForm
      key={state?.token ?? token}
      course={course}
      items={items}
      rows={rows}
      item={item}
      unknownItem={unknownItem}
      state={state}
    />
  );
}
