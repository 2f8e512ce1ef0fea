import type { PluginImage, StorefrontArtwork } from '@common/images';
import { cn } from '@/lib/utils';

export const imageSrcSet = (image: PluginImage): string | undefined => image.srcset || undefined;

/**
 * A fixed-ratio image box (no layout shift): the plugin's primary image, else its icon (the WebP variants, shown at
 * 96 to 128 px), else its initial on a muted ground (no lucide icon: one more chunk on the landing page's
 * JavaScript budget). `priority` is for the first image a page shows, its likely LCP element: fetched at once and
 * early, never lazily.
 */
export function PluginThumbnail({
  image,
  icon,
  name,
  className,
  sizes = '(min-width: 768px) 33vw, 100vw',
  priority = false,
}: {
  image?: PluginImage | null;
  icon?: StorefrontArtwork | null;
  name: string;
  className?: string;
  sizes?: string;
  priority?: boolean;
}) {
  return (
    <div className={cn('flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-muted', className)}>
      {image ? (
        <img
          src={image.url}
          srcSet={imageSrcSet(image)}
          sizes={sizes}
          alt={image.caption || name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
          width={640}
          height={360}
        />
      ) : icon ? (
        <img
          src={icon.url}
          srcSet={icon.srcset || undefined}
          sizes="128px"
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-24 rounded-2xl md:size-32"
          width={128}
          height={128}
          data-testid="plugin-icon"
        />
      ) : (
        <span className="text-4xl font-bold text-muted-foreground" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
    </div>
  );
}
