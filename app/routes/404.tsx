import { json } from "@remix-run/node";
import { NotFound } from "~/components/error-view";

export function loader() {
  return json(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
