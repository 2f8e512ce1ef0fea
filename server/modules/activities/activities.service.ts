// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export { listRecentActivities, recordActivity } from './activities.repository.js';
