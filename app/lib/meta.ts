/** A page title in the site's format. */
export function pageTitle(title: string): string {
  return `${title} | Relentless`;
}
