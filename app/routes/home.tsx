import { Link } from "react-router";
import type { Route } from "./+types/home";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [
  { title: "Relentless | Personal Training & Coaching" },
  { name: "description", content: "Train With Relentless Intensity: personal training, group classes and nutrition coaching." },
];

export default function Home() {
  return (
    <section className="bg-zinc-950 px-4 py-24 text-white sm:py-32">
      <div className="mx-auto max-w-4xl text-center">
        <h1 className="text-5xl font-bold uppercase sm:text-7xl">Train With Relentless Intensity</h1>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to="/contact" className={buttonClass("primary")}>
            Ignite Your Transformation
          </Link>
          <Link to="/about" className={buttonClass("inverse")}>
            Meet Your Coach
          </Link>
        </div>
      </div>
    </section>
  );
}
