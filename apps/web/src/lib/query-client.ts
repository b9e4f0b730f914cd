import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';

/**
 * TanStack Query folds a refetch into a first fetch still in flight (a query without data is never
 * cancelled), so a write that lands during that first fetch was shown by its older answer: a document
 * uploaded while the list was still loading did not appear. Invalidating now cancels such a fetch
 * first, and the refetch that follows sees the write.
 */
class Consultas extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries({
      ...(filters?.queryKey === undefined ? {} : { queryKey: filters.queryKey }),
      ...(filters?.exact === undefined ? {} : { exact: filters.exact }),
      predicate: (q) => q.state.data === undefined && q.state.fetchStatus === 'fetching' && (filters?.predicate?.(q) ?? true),
    });
    return super.invalidateQueries(filters, options);
  }
}

export const queryClient: QueryClient = new Consultas({
  defaultOptions: {
    // The HTTP client already toasts each failure; a retry would toast it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
