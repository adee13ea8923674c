/** The back office's API shapes, picked from the generated schema by path (never written by hand). */
import type { BodyOf, JsonOf } from '../../api/types';

export type Staff = JsonOf<'/v1/admin/auth/me'>['staff'];
export type StaffRole = Staff['role'];
export type InquirySummary = JsonOf<'/v1/admin/inquiries'>['data'][number];
export type InquiryStatus = InquirySummary['status'];
export type InquiryCounts = JsonOf<'/v1/admin/inquiries/counts'>;
export type Inquiry = JsonOf<'/v1/admin/inquiries/{key}'>;
export type InquiryMessage = Inquiry['messages'][number];
export type InquiryNote = Inquiry['notes'][number];
export type UploadedFile = InquiryMessage['files'][number];
export type Topic = JsonOf<'/v1/admin/inquiry-topics'>['data'][number];
export type SystemMessageDraft = BodyOf<'/v1/admin/system-messages/preview', 'post'>;
export type Audience = SystemMessageDraft['audience'];
export type Segment = NonNullable<SystemMessageDraft['segment']>;
export type SystemMessagePreview = JsonOf<'/v1/admin/system-messages/preview', 'post'>;
export type SentSystemMessage = JsonOf<'/v1/admin/system-messages'>['data'][number];
export type AuditEntry = JsonOf<'/v1/admin/audit-log'>['data'][number];
export type Company = JsonOf<'/v1/admin/companies'>['data'][number];

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  open: '未対応',
  in_progress: '対応中',
  closed: '完了',
};

export const STATUSES = Object.keys(STATUS_LABELS) as InquiryStatus[];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'オーナー',
  staff: 'スタッフ',
};

export const SEGMENT_LABELS: Record<Segment, string> = {
  newsletter: 'メルマガ購読者',
  purchasers: '購入歴のある会員',
  no_purchase: '未購入の会員',
};
