import { Puzzle } from 'lucide-react';
import type { PluginImage } from '@common/images';
import { cn } from '@/lib/utils';

export const imageSrcSet = (image: PluginImage): string | undefined => image.srcset || undefined;

/** A fixed-ratio image box (no layout shift): the image when there is one, else an icon. */
export function PluginThumbnail({ image, name, className, sizes = '(min-width: 768px) 33vw, 100vw' }: { image?: PluginImage; name: string; className?: string; sizes?: string }) {
  return (
    <div className={cn('flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-muted', className)}>
      {image ? (
        <img src={image.url} srcSet={imageSrcSet(image)} sizes={sizes} alt={image.caption ?? name} loading="lazy" decoding="async" className="size-full object-cover" width={640} height={360} />
      ) : (
        <Puzzle className="size-10 text-muted-foreground" aria-hidden="true" />
      )}
    </div>
  );
}
