import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { PluginImage } from '@common/images';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { usePluginImages } from '../api/get-plugin-images';
import { imageSrcSet } from './plugin-thumbnail';

function GalleryImage({ image, name, eager }: { image: PluginImage; name: string; eager: boolean }) {
  return (
    <img
      src={image.url}
      srcSet={imageSrcSet(image)}
      sizes="(min-width: 1024px) 640px, 100vw"
      alt={image.caption ?? `${name} screenshot`}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      width={1280}
      height={720}
      className="size-full object-contain"
    />
  );
}

/** The screenshots gallery: a main image and thumbnails; copes with a plugin that has no images yet. */
export function ScreenshotGallery({ slug, name }: { slug: string; name: string }) {
  const { data: images, isPending, isError } = usePluginImages(slug);
  const [selected, setSelected] = useState(0);
  if (isPending) return <Skeleton className="aspect-video w-full rounded-xl" />;
  const list = isError ? [] : images;
  const current = list[Math.min(selected, list.length - 1)];
  return (
    <section aria-label="Screenshots" className="space-y-3">
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded-xl border bg-muted" data-testid="gallery-main">
        {current ? (
          <GalleryImage image={current} name={name} eager />
        ) : (
          <div className="flex flex-col items-center gap-2 text-muted-foreground">
            <ImageOff className="size-10" aria-hidden="true" />
            <span className="text-sm">Screenshots coming soon</span>
          </div>
        )}
      </div>
      {current?.caption && <p className="text-center text-sm text-muted-foreground">{current.caption}</p>}
      {list.length > 1 && (
        <div className="flex gap-2 overflow-x-auto">
          {list.map((image, index) => (
            <button
              key={image.id}
              type="button"
              aria-label={`Show screenshot ${index + 1}`}
              aria-pressed={image === current}
              onClick={() => setSelected(index)}
              className={cn('aspect-video w-24 shrink-0 overflow-hidden rounded-md border-2', image === current ? 'border-primary' : 'border-transparent')}
            >
              <img src={image.url} srcSet={imageSrcSet(image)} sizes="96px" alt="" loading="lazy" width={96} height={54} className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
