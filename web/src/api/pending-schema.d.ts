/**
 * TEMPORARY: the issue-14 paths of docs/inquiries-api.md, written by hand until the server
 * branches (i14-inq, i14-staff) regenerate schema.d.ts. Delete this file once they are merged.
 */
import type { components } from './schema';

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type ErrorJson = Json<components['schemas']['ErrorBody']>;
type Op<P, B, R> = {
  parameters: P & { header?: never; cookie?: never };
  responses: R & { 401: ErrorJson; 404: ErrorJson; 422: ErrorJson };
} & ([B] extends [never] ? { requestBody?: never } : { requestBody: B });
type NoParams = { query?: never; path?: never };
type Page = { page?: number | ''; per?: number | '' };

interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}
type BotCheck =
  | { kind: 'altcha'; challenge: AltchaChallenge }
  | { kind: 'recaptcha'; site_key: string; version: number };
interface UploadedFile {
  key: string;
  name: string;
  content_type: string;
  size: number;
  url: string;
}
interface InquiryMessage {
  id: string;
  author: 'customer' | 'shop';
  author_name: string;
  body: string;
  created_at: string;
  files: UploadedFile[];
}
interface InquirySummary {
  key: string;
  number: string;
  topic: { id: string; name: string } | null;
  status: 'open' | 'in_progress' | 'closed';
  status_label: string;
  subject: string;
  created_at: string;
  last_message_at: string;
  has_unread_reply: boolean;
}
interface Inquiry extends InquirySummary {
  name: string;
  name_kana: string;
  email: string;
  phone: string;
  company: string;
  department: string;
  job: string;
  fax: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  order_number: string;
  messages: InquiryMessage[];
}
interface InquiryInput {
  topic_id: string;
  name: string;
  name_kana?: string;
  email: string;
  phone?: string;
  company?: string;
  department?: string;
  job?: string;
  fax?: string;
  postal_code?: string;
  prefecture?: string;
  city?: string;
  address1?: string;
  address2?: string;
  order_number?: string;
  body: string;
  files?: string[];
}
interface SystemMessage {
  key: string;
  title: string;
  body: string;
  created_at: string;
  is_read: boolean;
}

declare module './schema' {
  interface paths {
    '/v1/bot-check': { parameters: NoParams; get: Op<NoParams, never, { 200: Json<BotCheck> }> };
    '/v1/upload-files': {
      parameters: NoParams;
      post: Op<
        NoParams,
        { content: { 'multipart/form-data': { file: string; dir: string } } },
        { 201: Json<UploadedFile> }
      >;
    };
    '/v1/upload-files/{key}': {
      parameters: NoParams;
      get: Op<
        { query?: { t?: string }; path: { key: string } },
        never,
        { 200: { headers: { [name: string]: unknown }; content: { 'application/octet-stream': string } } }
      >;
    };
    '/v1/inquiries': {
      parameters: NoParams;
      post: Op<
        NoParams,
        { content: { 'application/json': InquiryInput } },
        { 201: Json<{ key: string; number: string; status: InquirySummary['status'] }> }
      >;
    };
    '/v1/inquiries/{key}': {
      parameters: NoParams;
      get: Op<{ query: { t: string }; path: { key: string } }, never, { 200: Json<Inquiry> }>;
    };
    '/v1/inquiry-comments/reply': {
      parameters: NoParams;
      post: Op<
        NoParams,
        { content: { 'application/json': { inquiry_key: string; body: string; files?: string[]; t?: string } } },
        { 201: Json<InquiryMessage> }
      >;
    };
    '/v1/me/inquiries': {
      parameters: NoParams;
      get: Op<{ query?: Page; path?: never }, never, { 200: Json<{ data: InquirySummary[] }> }>;
    };
    '/v1/me/inquiries/{key}': {
      parameters: NoParams;
      get: Op<{ query?: never; path: { key: string } }, never, { 200: Json<Inquiry> }>;
    };
    '/v1/me/system-messages': {
      parameters: NoParams;
      get: Op<
        { query?: Page & { unread?: number | '' }; path?: never },
        never,
        { 200: Json<{ data: SystemMessage[] }> }
      >;
    };
    '/v1/me/system-messages/{key}': {
      parameters: NoParams;
      get: Op<{ query?: never; path: { key: string } }, never, { 200: Json<SystemMessage> }>;
    };
  }
}
