/**
 * Inquiries as the customer sees them (docs/inquiries-api.md, "Inquiries (customer)"): the
 * member's list and threads, a guest's thread by its mailed token, and replies to either.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { Inquiry, InquiryMessage, InquirySummary } from '../../api/types';
import { pagedOf, type Paged } from '../../lib/paged';
import { MEMBER_QUERY_ROOT } from '../../lib/query-client';

export const INQUIRIES_PER_PAGE = 10;

export const inquiryKeys = {
  all: [...MEMBER_QUERY_ROOT, 'inquiries'] as const,
  pages: () => [...inquiryKeys.all, 'page'] as const,
  page: (page: number) => [...inquiryKeys.pages(), { page }] as const,
  detail: (key: string) => [...inquiryKeys.all, 'detail', key] as const,
  guest: (key: string, t: string) => ['guest-inquiry', key, t] as const,
};

/** One page of the member's inquiries, newest activity first. */
export const inquiriesQuery = (page: number) =>
  queryOptions({
    queryKey: inquiryKeys.page(page),
    queryFn: async ({ signal }): Promise<Paged<InquirySummary>> => {
      const query = { page, per: INQUIRIES_PER_PAGE };
      const { data, pagination } = await load(api().GET('/v1/me/inquiries', { params: { query }, signal }));
      return pagedOf(data.data, pagination, page, INQUIRIES_PER_PAGE);
    },
  });

/** The member's inquiry with its messages; reading it marks the shop's replies read. */
export const inquiryQuery = (key: string) =>
  queryOptions({
    queryKey: inquiryKeys.detail(key),
    queryFn: async ({ signal }): Promise<Inquiry> =>
      (await load(api().GET('/v1/me/inquiries/{key}', { params: { path: { key } }, signal }))).data,
    staleTime: 0,
  });

/** A guest's inquiry through the token of a mailed link. */
export const guestInquiryQuery = (key: string, t: string) =>
  queryOptions({
    queryKey: inquiryKeys.guest(key, t),
    queryFn: async ({ signal }): Promise<Inquiry> =>
      (await load(api().GET('/v1/inquiries/{key}', { params: { path: { key }, query: { t } }, signal }))).data,
    staleTime: 0,
    retry: false,
  });

export interface ReplyInput {
  inquiry_key: string;
  body: string;
  files: string[];
  /** A guest's thread token; a member is known by the bearer. */
  t?: string;
}

/** POST /v1/inquiry-comments/reply: the new message (a closed inquiry opens again). */
export async function postReply(input: ReplyInput): Promise<InquiryMessage> {
  const body = {
    inquiry_key: input.inquiry_key,
    body: input.body,
    ...(input.files.length > 0 ? { files: input.files } : {}),
    ...(input.t ? { t: input.t } : {}),
  };
  return (await load(api().POST('/v1/inquiry-comments/reply', { body }))).data;
}

/** The member's screen of an inquiry. */
export const inquiryPath = (key: string) => `/mypage/inquiry_history/${encodeURIComponent(key)}`;
