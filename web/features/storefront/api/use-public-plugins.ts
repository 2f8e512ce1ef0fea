import { useQuery } from '@tanstack/react-query';
import { publicPluginsQueryOptions } from './get-public-plugins';

/** The public plugin list for the catalogue and plugin pages (GET /api/plugins/public). */
export const usePublicPlugins = () => useQuery(publicPluginsQueryOptions());
