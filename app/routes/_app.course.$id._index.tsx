import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireCourseProfessor } from "~/http/course-access.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { courseId } = await requireCourseProfessor(request, params);
  throw redirect(`/course/${courseId}/home`);
}
