import { Construction } from "lucide-react";

/** Community: coming soon (the spec's words). No data, so no loader: the layout's check covers it. */
export default function Community() {
  return (
    <section aria-labelledby="community-title">
      <h2 id="community-title" className="text-2xl font-bold uppercase">
        Community
      </h2>
      <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 p-10 text-center">
        <Construction className="size-8 text-brand" aria-hidden="true" />
        <h3 className="text-xl font-bold uppercase">Coming Soon</h3>
        <p className="text-zinc-700">A place to share progress and train alongside other members is on its way.</p>
      </div>
    </section>
  );
}
