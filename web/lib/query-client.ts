import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api';

/** The default query function joins the key's segments with slashes into a GET URL. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(queryKey.join('/'));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
      gcTime: 5 * 60 * 1000,
      retry: false,
    },
    mutations: { retry: false },
  },
});
