/**
 * The preset calls (docs/member-area-api.md, "Name embroidery (名入れ刺繍)"): the list (shared
 * with the cart, domain/name-embroidery/name-embroidery-queries.ts), add / edit / delete. Every
 * change refetches the list, which also carries the form's options.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import {
  embroideryKeys,
  embroideryPresetsQuery,
  type EmbroideryInput,
  type EmbroideryPreset,
} from '../../domain/name-embroidery/name-embroidery-queries';

export const useEmbroideryPresets = () => useSuspenseQuery(embroideryPresetsQuery()).data;

/** POST /v1/me/name-embroideries → 201; 422 `name_embroideries.limit_exceeded` once the list is full. */
export const useCreatePreset = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmbroideryInput): Promise<EmbroideryPreset> =>
      (await load(api().POST('/v1/me/name-embroideries', { body: input }))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: embroideryKeys.list() }),
  });
};

export const useUpdatePreset = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmbroideryInput): Promise<EmbroideryPreset> =>
      (await load(api().PUT('/v1/me/name-embroideries/{id}', { params: { path: { id } }, body: input }))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: embroideryKeys.list() }),
  });
};

export const useDeletePreset = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await load(api().DELETE('/v1/me/name-embroideries/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: embroideryKeys.list() }),
  });
};
