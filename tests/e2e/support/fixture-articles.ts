/** Articles that exist before the server starts (written by support/seed-data.ts). */
export const fixtureArticles = {
  public: {
    title: "Fixture Public Warm-up",
    slug: "fixture-public-warm-up",
    excerpt: "A warm-up everyone can read.",
    content: "## Start slow\n\nFive minutes of **easy rowing**, then [book a session](/contact).",
    category: "Training" as const,
    membersOnly: false,
  },
  membersOnly: {
    title: "Fixture Members Mobility",
    slug: "fixture-members-mobility",
    excerpt: "The mobility routine for members.",
    content: "## The drill\n\nHold the **couch stretch secret** for ninety seconds a side.",
    category: "Recovery" as const,
    membersOnly: true,
  },
} as const;
