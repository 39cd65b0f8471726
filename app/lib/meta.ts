import { siteFromMatches } from "./seo";

type Matches = Parameters<typeof siteFromMatches>[0];

/** A page title in the site's format: "Member Area | <business name from the site settings>". */
export function pageTitle(title: string, matches: Matches): string {
  return `${title} | ${siteFromMatches(matches).siteName}`;
}
