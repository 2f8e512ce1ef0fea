// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export { listActivitiesMentioning, listRecentActivities, recordActivity, replaceInActivities } from './activities.repository.js';
