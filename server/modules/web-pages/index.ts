// The web-pages module's door: the built web app served for every page path, with each public page's title,
// description, Open Graph tags and first-view data filled in by the server, robots.txt and the sitemap.
// Every other file in this folder is private to the module (eslint.config.js; docs/architecture.md).
export { registerWebApp, setPageHeaders } from './web.js';
