import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Page not found", matches) }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
