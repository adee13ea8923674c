/**
 * The member's measurements (`GET /v1/me/timeseries`, docs/member-area-api.md "Measurements"):
 * one query factory shared by the measurement screens and the product page's size suggestion,
 * so that recording a size refreshes the suggestion through the same key.
 */
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';
import { api, load } from '../../api/client';
import type { Measurement, MeasurementPurpose } from '../../api/types';

/** Spec 001 §9: how many records a purpose keeps when the answer names no `x-limit`. */
export const DEFAULT_MEASUREMENT_LIMIT = 1;

export const measurementKeys = {
  all: [...MEMBER_QUERY_ROOT, 'timeseries'] as const,
  list: (purpose: MeasurementPurpose | null) => [...measurementKeys.all, purpose ?? 'every'] as const,
};

export interface MeasurementLog {
  /** Newest first. */
  items: Measurement[];
  /** How many records each purpose keeps (`x-limit`). */
  limit: number;
}

/** `x-limit` as a positive count, else the spec's default of 1. */
export function readMeasurementLimit(headers: Headers): number {
  const value = Number(headers.get('x-limit') ?? '');
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MEASUREMENT_LIMIT;
}

/** One purpose's records, or every purpose's with `null`. */
export const measurementsQuery = (purpose: MeasurementPurpose | null) =>
  queryOptions({
    queryKey: measurementKeys.list(purpose),
    queryFn: async ({ signal }): Promise<MeasurementLog> => {
      const call = api().GET('/v1/me/timeseries', {
        params: purpose ? { query: { purpose } } : {},
        signal,
      });
      const { data } = await load(call);
      const { response } = await call;
      return { items: data.data, limit: readMeasurementLimit(response.headers) };
    },
  });
