/** Every public marketing page: the sitemap lists them and the tests walk them. */
export const publicPages = [
  { path: "/", heading: "Train With Relentless Intensity" },
  { path: "/services", heading: null },
  { path: "/services/personal-training", heading: null },
  { path: "/services/group-classes", heading: null },
  { path: "/services/nutrition-coaching", heading: null },
  { path: "/services/warrior-prep", heading: null },
  { path: "/about", heading: "From Ordinary to Extraordinary" },
  { path: "/transformations", heading: null },
  { path: "/contact", heading: "Get In Touch" },
  { path: "/privacy", heading: null },
  { path: "/terms", heading: null },
  { path: "/cookies", heading: null },
] as const;
