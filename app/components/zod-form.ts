import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { installZodMessages } from "~/modules/shared/zod-messages";

// zod's own messages as translation keys (a tampered choice, a missing field),
// in the browser: installed by the forms that parse with zod, so a page
// without such a form does not load zod for it (issue 18's bundle budget).
installZodMessages();

export { getZodConstraint, parseWithZod };
