/** The back office's API shapes, picked from the generated schema by path (never written by hand). */
import type { paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

export type Staff = JsonOf<'/v1/admin/auth/me'>['staff'];
/** What a staff member's role lets them do; menus and buttons follow these, never the role. */
export type Permission = Staff['permissions'][number];
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

export const SEGMENT_LABELS: Record<Segment, string> = {
  newsletter: 'メルマガ購読者',
  purchasers: '購入歴のある会員',
  no_purchase: '未購入の会員',
};

// ---- The order desk (受注管理) -----------------------------------------------------------------

export type DeskHome = JsonOf<'/v1/admin/orders/queues'>;
export type QueueCount = DeskHome['queues'][number];
export type QueueCode = QueueCount['queue'];
export type SalesFigure = DeskHome['today'];
export type DeskOrderRow = JsonOf<'/v1/admin/orders'>['data'][number];
export type DeskShipment = DeskOrderRow['shipments'][number];
export type DeskLine = DeskShipment['lines'][number];
export type TrackingNumber = DeskShipment['tracking'][number];
export type DeskOrder = JsonOf<'/v1/admin/orders/{order_no}'>;
export type DeskActions = DeskOrder['actions'];
export type TimelineEvent = DeskOrder['timeline'][number];
export type ShipmentMove = BodyOf<'/v1/admin/orders/{order_no}/shipments/{code}', 'post'>;
export type ExportAnswer = JsonOf<'/v1/admin/shipments/export', 'post'>;
export type ImportAnswer = JsonOf<'/v1/admin/shipments/tracking', 'post'>;
export type ImportLine = ImportAnswer['lines'][number];
/** A mail the order page may send again (ご注文確認, 入金確認, 発送完了, キャンセル). */
export type ResendMail = DeskOrder['resend_mails'][number];
export type BulkInput = BodyOf<'/v1/admin/orders/bulk/preview', 'post'>;
export type BulkPreview = JsonOf<'/v1/admin/orders/bulk/preview', 'post'>;
/** A bulk action running in the background (POST /v1/admin/orders/bulk answers it with 202). */
export type BulkJob = JsonOf<'/v1/admin/orders/bulk/{id}'>;
export type BulkResult = BulkJob['results'][number];
export type DocumentKind = BodyOf<'/v1/admin/orders/documents', 'post'>['kind'];
export type SplitInput = BodyOf<'/v1/admin/orders/{order_no}/shipments/{code}/split', 'post'>;
/** The units of each order line that move to the new shipment. */
export type SplitMove = NonNullable<SplitInput['lines']>[number];
export type SavedView = JsonOf<'/v1/admin/orders/views'>['data'][number];
/** 返品・返金 of an order (oldest first), and the proposal the server computes before one. */
export type DeskRefund = DeskOrder['refunds'][number];
export type RefundLinesInput = BodyOf<'/v1/admin/orders/{order_no}/refunds/preview', 'post'>;
export type RefundProposal = JsonOf<'/v1/admin/orders/{order_no}/refunds/preview', 'post'>;
export type ProposalLine = RefundProposal['lines'][number];
export type RefundInput = BodyOf<'/v1/admin/orders/{order_no}/refunds', 'post'>;

// ---- The stock desk (在庫管理) ------------------------------------------------------------------

/** The stock list's query (GET /v1/admin/stock). */
export type StockListQuery = NonNullable<paths['/v1/admin/stock']['get']['parameters']['query']>;
/** One variation's stock: 販売可能 (available), 引当中 (reserved), 実在庫 (on_hand = both). */
export type StockRow = JsonOf<'/v1/admin/stock'>['data'][number];
export type StockAdjustment = BodyOf<'/v1/admin/stock/{variation_id}/adjustments', 'post'>;
/** Why units moved (入荷, 販売, 出荷, …); staff give 入荷, 調整 or 返品戻し by hand. */
export type StockReason = StockAdjustment['reason'];
/** 棚卸: 実在庫 from what the staff member saw (`from`) to what they counted (`to`). */
export type StockCount = BodyOf<'/v1/admin/stock/{variation_id}/count', 'put'>;
export type StockMovement = JsonOf<'/v1/admin/stock/{variation_id}/movements'>['data'][number];
