// The images module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { type ArtworkImageRow, listArtworkImages, listImages, listPrimaryImages, moveImagesToSlug } from './images.repository.js';
export { ImagesService, toPluginImage } from './images.service.js';
export { ImageStorage, MEDIA_PREFIX } from './images.storage.js';
export { listStorefrontArtwork, type PluginArtworkPair } from './storefront-artwork.js';

import type { ImagesService } from './images.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    readonly images: ImagesService;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerImageRoutes } from './images.routes.js';

/** What the composition root installs (server/services.ts). */
export const imagesModule: AppModule = { name: 'images', routes: registerImageRoutes };
