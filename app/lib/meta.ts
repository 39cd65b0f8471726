import { useRouteLoaderData } from "react-router";
import { DEFAULT_BUSINESS_NAME } from "./business-name";
import { siteFromMatches } from "./seo";

type Matches = Parameters<typeof siteFromMatches>[0];

/** A page title in the site's format: "Member Area | <business name from the site settings>". */
export function pageTitle(title: string, matches: Matches): string {
  return `${title} | ${siteFromMatches(matches).siteName}`;
}

/** The business name of the site settings, as the root loader gave it to this page (for page text). */
export function useBusinessName(): string {
  const root = useRouteLoaderData("root") as { settings?: { businessName?: string } } | undefined;
  return root?.settings?.businessName ?? DEFAULT_BUSINESS_NAME;
}
