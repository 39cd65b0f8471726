import type { ImageKey } from "./images";

/**
 * COACH, PLEASE REPLACE THESE: the four stories below are illustrations of typical
 * programmes, written before the site had real client stories. They are not real
 * people. Replace each one with a real client's story, told with that client's
 * written consent (name, age, photos, results and words exactly as they agreed),
 * and put their before/after photo in public/images/transformation-N.jpg.
 *
 * While any illustration is left here, keep `storiesAreExamples` true: the page then
 * says under the carousel that the stories are examples. Set it to false only once
 * every story is a real client's, told with their consent.
 *
 * Results use only the figures the business publishes (35+ lbs of fat lost, 20+ lbs
 * of muscle gained, 20-30 lbs in 12 weeks, 25% body fat, 18 months). Do not add
 * numbers that no client actually achieved.
 */
export const storiesAreExamples = true;

export const EXAMPLE_STORIES_NOTE =
  "These stories are illustrations of typical programmes, not real clients: names, ages and pictures are examples. Individual results vary with effort, health and starting point.";

export interface ClientStory {
  id: string;
  name: string;
  age: number;
  program: string;
  image: ImageKey;
  results: readonly string[];
  testimonial: string;
  /** Out of 5. */
  rating: number;
}

export const clientStories: readonly ClientStory[] = [
  {
    id: "james",
    name: "James",
    age: 38,
    program: "Personal Training",
    image: "transformation-1",
    results: ["20-30 lbs lost in 12 weeks", "Training three times a week", "Back in clothes he had given up on"],
    testimonial: "I'd tried everything on my own. Having a coach who planned every session and checked in every week was the difference.",
    rating: 5,
  },
  {
    id: "sarah",
    name: "Sarah",
    age: 31,
    program: "Nutrition Coaching",
    image: "transformation-2",
    results: ["Down to 25% body fat", "Meals planned, not guessed", "More energy through the working day"],
    testimonial: "No crash diets, no banned foods. I learned how to eat for the results I wanted, and it finally stuck.",
    rating: 5,
  },
  {
    id: "marcus",
    name: "Marcus",
    age: 45,
    program: "Warrior Prep",
    image: "transformation-3",
    results: ["20+ lbs of muscle gained", "18 months of consistent training", "Stronger at 45 than at 25"],
    testimonial: "Warrior Prep pushed me harder than I thought I could go, and the team made sure I never trained alone.",
    rating: 5,
  },
  {
    id: "emma",
    name: "Emma",
    age: 27,
    program: "Group Classes",
    image: "transformation-4",
    results: ["35+ lbs of fat lost", "Kept it off with habits she enjoys", "From first class to front row"],
    testimonial: "The group kept me coming back. Every class felt tough and every week I could see the difference.",
    rating: 5,
  },
];
