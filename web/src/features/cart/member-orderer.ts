/** The member's profile as the cart's orderer (shipping-select, shipping-add, several addresses). */
import { api, load } from '../../api/client';
import type { Member } from '../../api/types';
import { patchCart } from './cart-api';
import type { Cart, Orderer } from './cart-types';

/** The member's profile as the order's orderer. */
export function ordererOfMember(member: Member): Orderer {
  return {
    last_name: member.last_name ?? '',
    first_name: member.first_name ?? '',
    last_name_kana: member.last_name_kana ?? '',
    first_name_kana: member.first_name_kana ?? '',
    email: member.email ?? '',
    postal_code: member.postal_code ?? '',
    prefecture: member.prefecture ?? '',
    city: member.city ?? '',
    address1: member.address1 ?? '',
    address2: member.address2 ?? '',
    phone_number: member.phone_number || member.cell_phone_number || '',
    company_name: member.corporation ?? '',
  };
}

/** The member's profile as the cart's orderer, when the cart has none yet. */
export async function ensureMemberOrderer(cart: Cart, token: string): Promise<Cart> {
  if (cart.detail.order.orderer) return cart;
  const member = (await load(api().GET('/v1/me/user'))).data;
  return patchCart('/v1/carts/order/modify', { token, orderer: ordererOfMember(member) });
}
