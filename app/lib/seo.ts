import type { MetaDescriptor } from "react-router";
import { DEFAULT_BUSINESS_NAME } from "./business-name";

interface PageSeo {
  title: string;
  description: string;
  /** The page's path, e.g. "/services". */
  path: string;
  /** The site's public origin (root loader data `origin`). */
  origin: string;
  siteName?: string;
  image?: string;
  type?: "website" | "article";
}

/** Title, description, canonical URL and Open Graph / Twitter tags for one page. */
export function seo({ title, description, path, origin, siteName = DEFAULT_BUSINESS_NAME, image = "/og-image.png", type = "website" }: PageSeo): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const imageUrl = image.startsWith("http") ? image : `${origin}${image}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/** The public origin and business name from the root loader, for meta functions. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): { origin: string; siteName: string } {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string; settings?: { businessName?: string } } | undefined;
  return { origin: root?.origin ?? "", siteName: root?.settings?.businessName ?? DEFAULT_BUSINESS_NAME };
}
