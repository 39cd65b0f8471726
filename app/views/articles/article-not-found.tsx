import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The spec's 'Article not found' screen (a gone article, in the reader and the editor). */
export function ArticleNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold uppercase">Article not found</h1>
      <p className="text-zinc-700">It may have been moved or deleted.</p>
      <Link to="/articles" className={buttonClass("primary")}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Articles
      </Link>
    </section>
  );
}
