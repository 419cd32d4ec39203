import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { onlyGet } from "~/http/api.server";
import { imageResponse } from "~/http/image-upload.server";
import { notFoundResponse } from "~/http/not-found.server";
import { lookupSession } from "~/http/session.server";
import { readImage } from "~/modules/users/avatar.server";

/**
 * GET /v1/api/images/{file}: a user picture, for any signed-in user (session
 * cookie or bearer token). Only names the upload code generates are served,
 * with the type of the extension it chose from the file's content.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await lookupSession(request);
  if (session.state !== "valid") return json({ message: "Unauthorized" }, { status: 401 });
  const image = await readImage(params.file ?? "");
  if (!image) return notFoundResponse();
  // Names are random and never reused: a browser may keep it, shared caches may not.
  return imageResponse(image, "private, max-age=86400");
}

/** Images are only read: any other method is 405 {message}. */
export function action({ request }: ActionFunctionArgs) {
  return onlyGet(request);
}
