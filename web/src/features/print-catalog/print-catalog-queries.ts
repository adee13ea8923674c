import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { PrintCatalog } from '../../api/types';

export const printCatalogKeys = {
  all: ['print-catalogs'] as const,
};

/** The shop's published print catalogues with their pages (`/v1/catalog`), in the shop's order. */
export const printCatalogsQuery = () =>
  queryOptions({
    queryKey: printCatalogKeys.all,
    queryFn: async ({ signal }): Promise<PrintCatalog[]> =>
      (await load(api().GET('/v1/catalog', { signal }))).data.data,
    staleTime: 5 * 60_000,
  });

export const usePrintCatalogs = () => useSuspenseQuery(printCatalogsQuery()).data;
