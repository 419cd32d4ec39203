import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireCourseProfessor } from "~/modules/courses/access.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params.id);
  throw redirect(`/course/${courseId}/home`);
}
