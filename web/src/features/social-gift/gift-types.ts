/**
 * The recipient's shapes (docs/social-gift-api.md, "Recipient side"), picked from the generated
 * schema (api/types.ts) so they cannot drift from what the server answers.
 */
import type {
  GiftCompletion,
  GiftDeliveryCheck,
  GiftDestination,
  GiftLeadtime,
  GiftShippingCheck,
  SocialGift,
} from '../../api/types';

export type { GiftCompletion, GiftLeadtime };
/** GET /v1/social-gifts/{token}/products: the gift without prices. */
export type GiftProducts = SocialGift;
export type GiftProduct = SocialGift['products'][number];
export type GiftPacking = NonNullable<SocialGift['packing']>;

/**
 * Where the recipient wants the gift: the address book's fields plus `email`. The schema leaves
 * each optional; the form always sends every one of them, as text.
 */
export type GiftAddress = { [K in keyof GiftShippingCheck['shipping']]-?: string };

export type GiftCheckDeliveryBody = GiftDeliveryCheck;
export type GiftAcceptBody = GiftDestination;
