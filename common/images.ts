import { z } from 'zod';
import { idField } from './ids.js';

// Plugin images (docs/product-spec.md sections 3, 5, 7; docs/design.md section 4).

/** Storefront gallery types, then WordPress artwork: the update answer's icons and banners (docs/plugins.md). */
export const IMAGE_TYPES = ['hero', 'screenshot', 'feature', 'settings', 'icon', 'banner'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The pixel sizes WordPress shows (plugin directory conventions): 1x then 2x for icons, low then high for banners. */
export const ARTWORK_SIZES = {
  icon: [
    { width: 128, height: 128 },
    { width: 256, height: 256 },
  ],
  banner: [
    { width: 772, height: 250 },
    { width: 1544, height: 500 },
  ],
} as const;
export type ArtworkType = keyof typeof ARTWORK_SIZES;

export const isArtworkType = (type: string): type is ArtworkType => type === 'icon' || type === 'banner';

/** null when the size suits the type; otherwise the sentence the admin sees. */
export function artworkSizeProblem(type: string, width: number, height: number): string | null {
  if (!isArtworkType(type)) return null;
  const sizes = ARTWORK_SIZES[type];
  if (sizes.some((size) => size.width === width && size.height === height)) return null;
  const allowed = sizes.map((size) => `${size.width}×${size.height}`).join(' or ');
  return `${type === 'icon' ? 'An icon' : 'A banner'} must be ${allowed} pixels; this image is ${width}×${height}`;
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const pluginImageSchema = z.object({
  id: z.number(),
  url: z.string(),
  type: z.enum(IMAGE_TYPES),
  caption: z.string(),
  sort_order: z.number(),
  is_primary: z.boolean(),
  plugin_slug: z.string(),
  /** Responsive WebP variants, e.g. "/media/images/abc-480w.webp 480w, /media/images/abc-1200w.webp 1200w". */
  srcset: z.string(),
});
export type PluginImage = z.infer<typeof pluginImageSchema>;

/**
 * A plugin's icon or banner as the storefront shows it (catalogue cards, the plugin page's header): its WebP variants,
 * `url` the largest, and the stored size for the width/height attributes (no layout shift).
 */
export const storefrontArtworkSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StorefrontArtwork = z.infer<typeof storefrontArtworkSchema>;

export const imageUploadResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

const caption = z.string({ error: 'Caption must be text' }).trim().max(500, 'Caption must be at most 500 characters');

export const imageCreateSchema = z
  .object({
    url: z.string({ error: 'url is required: the url answered by the upload call' }).min(1, 'url is required: the url answered by the upload call').max(1000),
    type: z.enum(IMAGE_TYPES, { error: `type must be one of ${IMAGE_TYPES.join(', ')}` }).default('screenshot'),
    caption: caption.nullable().optional(),
    sort_order: z
      .number({ error: 'sort_order must be a whole number' })
      .int('sort_order must be a whole number')
      .min(0, 'sort_order must be 0 or more')
      .max(100_000)
      .optional(),
  })
  .strict();
export type ImageCreate = z.input<typeof imageCreateSchema>;

export const imagePatchSchema = z
  .object({
    caption: caption.nullable(),
    // Primary moves by making another image primary; the server clears the old one in the same operation.
    is_primary: z.literal(true, { error: 'is_primary can only be set to true: make another image primary instead' }),
  })
  .partial()
  .strict()
  .refine((patch) => patch.caption !== undefined || patch.is_primary !== undefined, 'Send caption or is_primary');
export type ImagePatch = z.infer<typeof imagePatchSchema>;

export const imageParamsSchema = z.object({
  slug: z.string().min(1).max(200),
  id: idField('id'),
});
