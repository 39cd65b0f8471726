import photos from "./photos.generated.json";

/**
 * Every picture on the public pages. The site ships SVG artwork in public/images/.
 * To use a photo instead, put `public/images/<key>.jpg` (or .png/.webp) next to it:
 * the build (`scripts/images.ts`) makes AVIF and WebP copies at several widths, and
 * the page serves them responsively. Alt texts live here.
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Responsive copies of a photo, when one replaces the artwork. */
  sources?: { avif: string; webp: string };
}

interface Photo {
  width: number;
  height: number;
  fallback: string;
  avif: string;
  webp: string;
}

const art = {
  "home-hero": "An athlete with arms raised in triumph",
  coach: "The coach",
  "journey-turning-point": "A heart-rate line: the turning point",
  "journey-transformation": "A kettlebell: the transformation",
  "journey-strength": "A loaded barbell: strength achievement",
  "journey-mission": "A summit at sunrise: the mission begins",
  "transformation-1": "Client transformation, before and after",
  "transformation-2": "Client transformation, before and after",
  "transformation-3": "Client transformation, before and after",
  "transformation-4": "Client transformation, before and after",
  "warrior-conditioning": "Conditioning work at Warrior Prep",
  "warrior-strength": "Strength work with a barbell at Warrior Prep",
  "warrior-team": "Training together as a team at Warrior Prep",
  "warrior-mindset": "A mountain summit: the Warrior Prep mindset",
  "personal-training": "A kettlebell: personal training",
  "group-classes": "A group class training together",
  "nutrition-coaching": "A plate of whole food: nutrition coaching",
  "warrior-prep": "An athlete ready for Warrior Prep",
} as const;

export type ImageKey = keyof typeof art;

export function siteImage(key: ImageKey): SiteImage {
  const photo = (photos as Record<string, Photo | undefined>)[key];
  if (photo) {
    return { src: photo.fallback, width: photo.width, height: photo.height, alt: art[key], sources: { avif: photo.avif, webp: photo.webp } };
  }
  return { src: `/images/${key}.svg`, width: 1200, height: 800, alt: art[key] };
}
