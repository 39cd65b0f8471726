import { Link } from "react-router";
import { buttonClass } from "./button";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of page n (keeping the list's filters). */
  href: (page: number) => string;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous / 'Page n of m' / Next under a paged list; nothing when there is one page. */
export function Pagination({ page, pageCount, href, label = "Pages", previousLabel = "Previous", nextLabel = "Next" }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass("secondary")}>
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-zinc-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass("secondary")}>
          {nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
