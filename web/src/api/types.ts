/** Response body types picked from the generated schema by path, so names never drift. */
import type { components, paths } from './schema';

type Schemas = components['schemas'];

type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON body of a path's 200 answer (201 where the call creates). */
export type JsonOf<P extends keyof paths, M extends keyof paths[P] = 'get' & keyof paths[P]> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? JsonContent<R>
  : paths[P][M] extends { responses: { 201: infer R } }
    ? JsonContent<R>
    : never;

/** The JSON body a path's call sends. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type PublicConfig = JsonOf<'/public.json'>;
export type FrontSettings = JsonOf<'/v1/settings/front'>;
export type ColorScheme = JsonOf<'/v1/colorschemes/selected/front'>;
export type SiteLayout = JsonOf<'/v1/layouts/{page}'>;
export type NavLink = SiteLayout['header']['navigation'][number];
export type PageLayout = JsonOf<'/v1/pages/front/layout/{page}'>;
export type PageBlock = PageLayout['blocks'][number];
export type Message = JsonOf<'/v1/messages'>['data'][number];
export type NewsItem = JsonOf<'/v1/news'>['data'][number];
export type NewsDetail = JsonOf<'/v1/news/{key}'>;
export type ProductItem = JsonOf<'/v1/products'>['data'][number];
/** An accessory offered with a product, with its items (variations). */
export type AccessoryItem = JsonOf<'/v1/products/{key}/accessories'>['data'][number];
export type ProductDetail = JsonOf<'/v1/products/{key}'>;
export type Variation = ProductDetail['product_model']['products'][number];
export type StockStatus = ProductItem['stock_status'];
export type ProductImage = NonNullable<ProductItem['image']>;
export type CategoryNode = JsonOf<'/v1/categories/hierarchy'>['data'][number];
export type Maker = JsonOf<'/v1/makers/{key}'>;
export type Brand = JsonOf<'/v1/brands'>['data'][number];
export type Tag = JsonOf<'/v1/tags'>['data'][number];
export type Review = JsonOf<'/v1/products/{key}/reviews'>['data'][number];
export type Banner = JsonOf<'/v1/banners'>['data'][number];
/** A banner display area, as `GET /v1/banners?area[]=` takes it. */
export type BannerArea = NonNullable<NonNullable<paths['/v1/banners']['get']['parameters']['query']>['area[]']>[number];
export type FreeArea = JsonOf<'/v1/free-areas/{code}'>;
export type CalendarDay = JsonOf<'/v1/business-dates/monthly/calendar/front'>['data'][number];
export type BlogItem = JsonOf<'/v1/blogs'>['data'][number];
export type BlogDetail = JsonOf<'/v1/blogs/{key}'>;
export type QaCategory = JsonOf<'/v1/qa-categories'>['data'][number];
export type Qa = JsonOf<'/v1/qas'>['data'][number];
export type StaticPage = JsonOf<'/v1/static-pages/url/{path}'>;
export type StaticPageLink = JsonOf<'/v1/static-pages/urls'>['data'][number];
export type LandingPage = JsonOf<'/v1/lp/{slug}'>;
export type LandingBlock = LandingPage['layout'][number];
export type Popup = JsonOf<'/v1/popups/{id}'>;
/** A coupon as /coupon and landing pages show it (is_taken is the asking member's). */
export type Coupon = JsonOf<'/v1/coupons'>['data'][number];
export type HistoryEntry = JsonOf<'/v1/guest/product-histories'>['data'][number];
export type Collection = JsonOf<'/v1/collections/{alias}'>;
export type PrintCatalog = JsonOf<'/v1/catalog'>['data'][number];
export type Stylist = JsonOf<'/v1/stylists'>['data'][number];
export type StylistDetail = JsonOf<'/v1/stylists/{key}'>;
export type StylistPick = StylistDetail['picks'][number];
/** The answer of every call that logs in or starts the code step (login, verify, reset, refresh). */
export type LoginResponse = JsonOf<'/v1/auth/login', 'post'>;
export type PostalAddress = JsonOf<'/v1/postal-code'>;
export type Prefecture = JsonOf<'/v1/postal-codes/prefectures'>['data'][number];
/** A member as GET /v1/me/user shows them (also `user` of a registration). */
export type Member = JsonOf<'/v1/me/user'>;
export type ProfileInput = BodyOf<'/v1/me/user', 'put'>;
export type RegisterInput = BodyOf<'/v1/users', 'post'>;
export type Registered = JsonOf<'/v1/users', 'post'>;
/** PUT /v1/me/user: the member plus `message` when an e-mail change now waits for its link. */
export type UserUpdated = JsonOf<'/v1/me/user', 'put'>;
export type LeaveInput = BodyOf<'/v1/me/user', 'delete'>;
export type SecurityQuestionInput = BodyOf<'/v1/me/security-question', 'put'>;
/** POST /v1/email-verify/check: `email_changed` when the link confirmed an e-mail change. */
export type EmailVerified = JsonOf<'/v1/email-verify/check', 'post'>;
/** Social gift (docs/social-gift-api.md): the cart's offer and the body that makes a cart a gift. */
export type CartSocialGift = JsonOf<'/v1/carts/{token}'>['social_gift'];
export type SocialReceiverInput = BodyOf<'/v1/carts/social/receiver', 'patch'>;
/** The recipient's link as the buyer gets it (decision, re-issue): shown once. */
export type GiftLink = JsonOf<'/v1/me/orders/{id}/social-gift/link', 'post'>;
/** The gift on the buyer's order: its state, and once accepted only the prefecture and date. */
export type OrderGift = NonNullable<JsonOf<'/v1/me/orders/{id}'>['social_gift']>;
/** The guest receipt page (/orders/receipt?no=&t=): whether it may issue, and the order as a guest sees it. */
export type GuestReceiptCheck = JsonOf<'/v1/orders/{no}/check/receipt'>;
export type GuestReceipt = JsonOf<'/v1/orders/{no}/guest/receipt'>;
/** The recipient's calls. */
export type SocialGift = JsonOf<'/v1/social-gifts/{token}/products'>;
export type GiftCompletion = JsonOf<'/v1/social-gifts/{token}/complete'>;
export type GiftLeadtime = JsonOf<'/v1/shipping-leadtime/input/{token}'>[number];
export type GiftShippingCheck = BodyOf<'/v1/social-gifts/check/shipping', 'post'>;
export type GiftDeliveryCheck = BodyOf<'/v1/social-gifts/check/delivery', 'post'>;
export type GiftDestination = BodyOf<'/v1/social-gifts/{token}', 'put'>;
/** Favourites, histories and bookmarks (docs/member-area-api.md; issue 13). */
export type UserList = JsonOf<'/v1/me/user-lists'>['data'][number];
export type UserListPage = JsonOf<'/v1/me/user-lists/{key}'>;
export type ListEntry = UserListPage['data'][number];
export type SearchHistory = JsonOf<'/v1/me/product-search-histories'>['data'][number];
export type RequestHistory = JsonOf<'/v1/me/product-request-histories'>['data'][number];
export type Bookmark = JsonOf<'/v1/me/bookmarks'>['data'][number];
export type BookmarkKind = Bookmark['kind'];
/** Contact, inquiries, uploads, system messages and the bot check (docs/inquiries-api.md; issue 14). */
export type BotChallenge = JsonOf<'/v1/bot-check'>;
export type UploadedFile = JsonOf<'/v1/upload-files', 'post'>;
export type InquiryInput = BodyOf<'/v1/inquiries', 'post'>;
export type InquiryCreated = JsonOf<'/v1/inquiries', 'post'>;
export type InquirySummary = JsonOf<'/v1/me/inquiries'>['data'][number];
export type InquiryStatus = InquirySummary['status'];
export type Inquiry = JsonOf<'/v1/me/inquiries/{key}'>;
export type InquiryMessage = Inquiry['messages'][number];
export type SystemMessage = JsonOf<'/v1/me/system-messages'>['data'][number];

// Memorials, measurements (with the product's size chart) and posting a review
// (docs/member-area-api.md).

// ---- Memorials (記念日) ------------------------------------------------------------------------

export type Memorial = JsonOf<'/v1/me/user-memorials/{id}'>;
export type MemorialInput = BodyOf<'/v1/me/user-memorials', 'post'>;
/** 1 誕生日, 2 結婚記念日, 3 その他の記念日 (the schema says only "a number"). */
export type MemorialDivision = 1 | 2 | 3;

// ---- Measurements (サイズ, timeseries) ----------------------------------------------------------

export type MeasurementPurpose = Schemas['Purpose'];
/** One record of a purpose: cm per measure (`head`, `hand`, `height`, `inseam`). */
export type Measurement = Schemas['Measurement'];
/** The body of `POST /v1/me/timeseries` as the screens send it: every measure of the purpose in cm. */
export interface MeasurementInput {
  purpose: MeasurementPurpose;
  values: Record<string, number>;
}
/** `GET /v1/products/{key}`'s `size_chart`: which measure picks the size, and the sizes. */
export type SizeChart = Schemas['SizeChart'];
/** One size of a chart: `min` inclusive, `max` exclusive. */
export type SizeRange = Schemas['SizeRange'];

// ---- Reviews ---------------------------------------------------------------------------------

export type ReviewInput = Schemas['ReviewFields'];
export type ReviewStatus = Schemas['ReviewStatus'];
/** 201 of `POST /v1/products/{product_id}/reviews`. */
export type ReviewPosted = JsonOf<'/v1/products/{key}/reviews', 'post'>;
