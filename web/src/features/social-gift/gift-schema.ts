/**
 * The recipient's address form: the address book's fields and rules (the same names and checks as
 * /mypage/address: domain/member/profile-form, demo or corporate as the channel says, a telephone
 * or a mobile number) and an e-mail for the confirmation. The server checks again (POST
 * /v1/social-gifts/check/shipping).
 */
import { z } from 'zod';
import { profileShape, refineProfile } from '../../domain/member/profile-form';
import { normalizePostal, postDisplay } from '../../lib/validators';
import type { GiftAddress } from './gift-types';

export function giftAddressSchema(corporate: boolean) {
  const r = profileShape(corporate);
  return z
    .object({
      shipping_last_name: r.last_name,
      shipping_first_name: r.first_name,
      shipping_last_name_kana: r.last_name_kana,
      shipping_first_name_kana: r.first_name_kana,
      postal_code: r.postal_code,
      prefecture: r.prefecture,
      city: r.city,
      address1: r.address1,
      address2: r.address2,
      phone_number: r.phone_number,
      cell_phone_number: r.cell_phone_number,
      email: r.email,
    })
    .superRefine(refineProfile);
}

export type GiftAddressFields = z.infer<ReturnType<typeof giftAddressSchema>>;

export const EMPTY_GIFT_ADDRESS: GiftAddressFields = {
  shipping_last_name: '',
  shipping_first_name: '',
  shipping_last_name_kana: '',
  shipping_first_name_kana: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  phone_number: '',
  cell_phone_number: '',
  email: '',
};

/** The form as the API takes it: trimmed, the postal code as seven digits. */
export function giftAddressOf(fields: GiftAddressFields): GiftAddress {
  return {
    shipping_last_name: fields.shipping_last_name.trim(),
    shipping_first_name: fields.shipping_first_name.trim(),
    shipping_last_name_kana: fields.shipping_last_name_kana.trim(),
    shipping_first_name_kana: fields.shipping_first_name_kana.trim(),
    postal_code: normalizePostal(fields.postal_code) ?? fields.postal_code.trim(),
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number.trim(),
    cell_phone_number: fields.cell_phone_number.trim(),
    email: fields.email.trim(),
  };
}

/** A kept address as the form's first values (the postal code with its hyphen on demo). */
export function fieldsOfGiftAddress(address: GiftAddress | null, corporate: boolean): GiftAddressFields {
  if (!address) return EMPTY_GIFT_ADDRESS;
  return {
    ...EMPTY_GIFT_ADDRESS,
    ...address,
    postal_code: corporate ? address.postal_code : postDisplay(address.postal_code),
  };
}
