// The plugin-admin module's door: the admin's Plugins page (list, create, edit, retire, sale status). Plugin rows
// themselves belong to the plugins module. Every other file in this folder is private to the module.
export { registerPluginRoutes } from './plugin-admin.routes.js';
