/**
 * POST /v1/tags/password: the right password of a protected tag gives a grant (kept by
 * tag-grants.ts); the tag's product lists are then asked again with it. Only the password form
 * imports this, so it stays out of the list page's first load.
 */
import { useMutation } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import { queryClient } from '../../lib/query-client';
import { productListsKey } from './catalog-queries';
import { saveTagGrant } from './tag-grants';

export const useUnlockTag = () =>
  useMutation({
    mutationFn: async ({ tagKey, password }: { tagKey: string; password: string }) =>
      (await load(api().POST('/v1/tags/password', { body: { tag_key: tagKey, password } }))).data,
    // Pending until the opened list has arrived: the form does not flash back before the products show.
    onSuccess: async (grant, { tagKey }) => {
      saveTagGrant(tagKey, grant.grant_token, grant.expires_at);
      await queryClient.invalidateQueries({ queryKey: productListsKey() });
    },
  });
