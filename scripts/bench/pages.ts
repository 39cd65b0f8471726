/**
 * The pages the benchmark measures, in one place: when a screen moves (the member
 * sections to /members/progress, /members/schedule …), change it here.
 */
import { BENCH_ARTICLE_SLUG } from "./fixtures";

/** The heavy member's screens, measured signed in at MEMBER_CONNECTIONS connections. */
export const MEMBER_PAGES = {
  Dashboard: "/members",
  Progress: "/members/progress",
  Schedule: "/members?tab=schedule",
} as const;

/** Pages a signed-out visitor gets from the page cache, each against nginx serving the same bytes. */
export const PUBLIC_PAGES = {
  "Home page": "/",
  "Articles list": "/articles",
  "Public article": `/articles/${BENCH_ARTICLE_SLUG}`,
} as const;

/** Lighthouse (mobile) runs on these. */
export const LIGHTHOUSE_PAGES = ["/", "/services", "/about"] as const;
