/** The contact form's calls (docs/inquiries-api.md): its topics, and sending it. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { CategoryNode, InquiryCreated, InquiryInput } from '../../api/types';
import { botCheckParams } from '../../domain/bot-check/bot-check';
import { CATALOG_TOPIC } from './contact-schema';

export const contactKeys = {
  topics: () => ['inquiry-topics'] as const,
};

/** お問い合わせ種別: the shop's inquiry topics, in its order (flat). */
export const inquiryTopicsQuery = () =>
  queryOptions({
    queryKey: contactKeys.topics(),
    queryFn: async ({ signal }): Promise<CategoryNode[]> =>
      (await load(api().GET('/v1/categories/hierarchy', { params: { query: { table: 'inquiries' } }, signal }))).data
        .data,
    staleTime: 5 * 60_000,
  });

export const useInquiryTopics = () => useSuspenseQuery(inquiryTopicsQuery()).data;

/** The id of the カタログ請求 topic, or null when the shop has none. */
export function catalogTopicId(topics: CategoryNode[]): string | null {
  return topics.find((topic) => topic.key === CATALOG_TOPIC)?.id ?? null;
}

/** POST /v1/inquiries with the bot check's proof: the inquiry's key and number. */
export async function sendInquiry(input: InquiryInput, proof: string): Promise<InquiryCreated> {
  return (await load(api().POST('/v1/inquiries', { body: input, params: botCheckParams(proof) }))).data;
}
