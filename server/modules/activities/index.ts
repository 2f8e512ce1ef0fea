// The activities module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export {
  formerAddressesOf,
  listActivitiesMentioning,
  listRecentActivities,
  pruneActivities,
  recordActivity,
  replaceInActivities,
} from './activities.repository.js';
