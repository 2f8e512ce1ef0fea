// The update check other modules answer through (the EDD-compatible get_version, server/modules/edd-compat):
// one function, so every way a site asks for an update gets the same release, licence rule and signed link.
export { checkForUpdate, type UpdateCheckInput } from './update-check.js';
