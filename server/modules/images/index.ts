// The images module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { listImages } from './images.repository.js';
export { registerImageRoutes } from './images.routes.js';
export { type ArtworkImageRow, ImagesService, listArtworkImages, listPrimaryImages, MEDIA_PREFIX, moveImagesToSlug, toPluginImage } from './images.service.js';
export { ImageStorage } from './images.storage.js';

import type { ImagesService } from './images.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    readonly images: ImagesService;
  }
}
