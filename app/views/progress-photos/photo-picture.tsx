import type { PictureImage } from "~/components/ui/picture";
import { cn } from "~/components/ui/cn";

/**
 * A private photo: AVIF and WebP copies by width, the JPEG as the fallback, all from the
 * route that checks who is asking. Lazy: a timeline page holds up to 90 photos.
 */
export function PhotoPicture({ image, sizes, className }: { image: PictureImage; sizes: string; className?: string }) {
  return (
    <picture>
      {image.sources ? <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} /> : null}
      {image.sources ? <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} /> : null}
      <img src={image.src} width={image.width} height={image.height} alt={image.alt} loading="lazy" decoding="async" sizes={image.sources ? sizes : undefined} className={cn("object-cover", className)} />
    </picture>
  );
}
