import { type LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "~/http/image-upload.server";
import { notFoundResponse } from "~/http/not-found.server";
import { schoolSettings } from "~/modules/settings/settings.server";
import { readImage } from "~/modules/users/avatar.server";

/**
 * GET /school-logo/{file}: the school's logo, for anyone (the sign-in page
 * shows it). Only the file the settings name is served: the other uploads
 * (user pictures) stay behind /v1/api/images.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { logo } = await schoolSettings();
  const image = logo && params.file === logo ? await readImage(logo) : null;
  if (!image) return notFoundResponse();
  // A new logo gets a new random name, so a copy is never stale; a removed one answers 404.
  return imageResponse(image, "public, max-age=86400");
}
