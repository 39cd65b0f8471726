import { Brain, Flame, Heart } from "lucide-react";
import type { ImageKey } from "./images";

/**
 * The coach's story on /about. The figures are the ones the business publishes
 * (35+ lbs of fat lost, 20+ lbs of muscle gained, 18 months, 25% body fat, over
 * 5 years of experience); if any of them stops being true, change it here.
 */

export const storyStats = [
  { value: "35+", label: "Pounds of Fat Lost" },
  { value: "20+", label: "Pounds of Muscle Gained" },
  { value: "5+", label: "Years of Experience" },
] as const;

export const whoIAm = [
  "I wasn't born an athlete. For years I was the person who started a new plan every Monday and had quietly dropped it by Friday: tired, out of shape and sure that real change was for other people.",
  "Then I stopped waiting to feel ready. Over 18 months of hard, unglamorous work I lost more than 35 pounds of fat and gained more than 20 pounds of muscle. Not with a secret, but with training I showed up for, food I planned and people who held me to it.",
  "Now, with over 5 years of coaching experience, I give my clients the same thing that changed me: a clear plan, honest accountability and a coach who refuses to let them settle for ordinary.",
] as const;

export interface JourneyStage {
  id: string;
  year: string;
  title: string;
  description: string;
  image: ImageKey;
}

/** The four stages, in the order the story is told. */
export const journeyStages: readonly JourneyStage[] = [
  {
    id: "turning-point",
    year: "2018",
    title: "The Turning Point",
    description: "Overweight, exhausted and fed up with starting over, I decided that this time would be different and walked into the gym with a plan.",
    image: "journey-turning-point",
  },
  {
    id: "transformation",
    year: "2019-2020",
    title: "The Transformation",
    description: "Eighteen months of consistent training and honest nutrition: more than 35 pounds of fat gone and more than 20 pounds of muscle built.",
    image: "journey-transformation",
  },
  {
    id: "strength",
    year: "2020",
    title: "Strength Achievement",
    description: "The weights that once felt impossible became warm-ups. Strength turned into confidence, in the gym and far outside it.",
    image: "journey-strength",
  },
  {
    id: "mission",
    year: "2020-Present",
    title: "The Mission Begins",
    description: "I started coaching to give others the structure and accountability that changed my life, and I have been doing it ever since.",
    image: "journey-mission",
  },
];

/** Then, the work, now: the short version of the story. */
export const storyTimeline = [
  {
    label: "Where I Started",
    title: "Ordinary",
    text: "Around 25% body fat, low on energy and stuck in the same cycle of quick fixes that never lasted.",
  },
  {
    label: "18 Months",
    title: "The Work",
    text: "Structured training, planned meals and no skipped sessions: 35+ pounds of fat lost and 20+ pounds of muscle gained.",
  },
  {
    label: "Today",
    title: "Extraordinary",
    text: "Over 5 years of coaching others through the same journey, with the same intensity I brought to my own.",
  },
] as const;

export const storyQuote = "I didn't find the strength to change. I built it, one session at a time, and I'll help you build yours.";

export const principles = [
  {
    title: "Relentless Intensity",
    text: "Every session has a purpose and every rep counts. We train hard, we train smart, and we never coast.",
    icon: Flame,
  },
  {
    title: "Unbridled Passion",
    text: "I love this work. That energy goes into every programme I write and every client I coach.",
    icon: Heart,
  },
  {
    title: "Strategic Madness",
    text: "Bold goals, backed by a careful plan: progress is measured, reviewed and adjusted, never left to chance.",
    icon: Brain,
  },
] as const;
