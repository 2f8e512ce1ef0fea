import type { StorefrontArtwork } from '@common/images';

/**
 * The plugin's banner (WordPress's 772×250 or 1544×500) across the top of its page: the WebP variants with the
 * stored width/height, so its box has the banner's shape before it loads (no layout shift), and it scales down to a
 * 360 px phone. The first thing on the page: loaded at once, not lazily.
 */
export function PluginBanner({ banner }: { banner: StorefrontArtwork | null }) {
  if (!banner) return null;
  return (
    <img
      src={banner.url}
      srcSet={banner.srcset || undefined}
      sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
      alt=""
      width={banner.width}
      height={banner.height}
      fetchPriority="high"
      decoding="async"
      className="h-auto w-full rounded-xl bg-muted object-cover"
      style={{ aspectRatio: `${banner.width} / ${banner.height}` }}
      data-testid="plugin-banner"
    />
  );
}
