/** The spec's seven article categories (section 9), in the order the tiles show them. Safe in the browser. */
export const ARTICLE_CATEGORIES = ["Training", "Nutrition", "Recovery", "Mindset", "Lifestyle", "Equipment", "Technique"] as const;

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export function isArticleCategory(value: unknown): value is ArticleCategory {
  return typeof value === "string" && (ARTICLE_CATEGORIES as readonly string[]).includes(value);
}
