/**
 * Recording and emptying a purpose's measurements (`POST` / `DELETE /v1/me/timeseries`). The
 * list query is shared with the product page (domain/measurement/measurement-queries.ts): both
 * changes refetch every measurement query, so the size suggestion follows.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import { measurementKeys, measurementsQuery } from '../../domain/measurement/measurement-queries';
import type { Measurement, MeasurementInput, MeasurementPurpose } from '../../api/types';

/** Every purpose's records, newest first, and how many each purpose keeps. */
export const useAllMeasurements = () => useSuspenseQuery(measurementsQuery(null)).data;

/** POST → 201 with the purpose's records, the new one in front, those beyond the limit dropped. */
export const useRecordMeasurement = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MeasurementInput): Promise<Measurement[]> =>
      (await load(api().POST('/v1/me/timeseries', { body: input }))).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: measurementKeys.all }),
  });
};

/** DELETE ?purpose= → 204: that purpose's records are gone. */
export const useClearMeasurements = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (purpose: MeasurementPurpose): Promise<void> => {
      await load(api().DELETE('/v1/me/timeseries', { params: { query: { purpose } } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: measurementKeys.all }),
  });
};
