import { cn } from "./cn";

/** What a responsive picture needs: the site's artwork and photos, and uploaded images. */
export interface PictureImage {
  /** The fallback (JPEG, PNG or SVG) for browsers without AVIF or WebP. */
  src: string;
  width: number;
  height: number;
  alt: string;
  /** srcset strings ("url 480w, url 960w") of responsive copies, when there are any. */
  sources?: { avif: string; webp: string };
}

interface PictureProps {
  image: PictureImage;
  /** The image's displayed width at each breakpoint, for the browser to pick a size. */
  sizes?: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
  className?: string;
  /** Decorative use: the surrounding text already says what it shows. */
  decorative?: boolean;
}

/** A responsive image with its intrinsic size set, so nothing shifts while it loads. */
export function Picture({ image, sizes = "100vw", priority = false, className, decorative = false }: PictureProps) {
  const img = (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={decorative ? "" : image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      sizes={image.sources ? sizes : undefined}
      className={cn("h-auto w-full object-cover", className)}
    />
  );
  if (!image.sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
