/**
 * The recipient's address form: the checkout's rules for a name, kana, postal code, address and
 * phone (lib/profile-form, demo or corporate as the channel says), and an e-mail for the
 * confirmation. The server checks again (POST /v1/social-gifts/check/shipping).
 */
import { z } from 'zod';
import { profileShape } from '../../lib/profile-form';
import { normalizePostal, postDisplay, tel, tsunaguPhone, zRule } from '../../lib/validators';
import type { GiftAddress } from './gift-types';

export function giftAddressSchema(corporate: boolean) {
  const r = profileShape(corporate);
  return z.object({
    last_name: r.last_name,
    first_name: r.first_name,
    last_name_kana: r.last_name_kana,
    first_name_kana: r.first_name_kana,
    postal_code: r.postal_code,
    prefecture: r.prefecture,
    city: r.city,
    address1: r.address1,
    address2: r.address2,
    phone_number: zRule(corporate ? tsunaguPhone : tel),
    email: r.email,
  });
}

export type GiftAddressFields = z.infer<ReturnType<typeof giftAddressSchema>>;

export const EMPTY_GIFT_ADDRESS: GiftAddressFields = {
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  phone_number: '',
  email: '',
};

/** The form as the API takes it: trimmed, the postal code as seven digits. */
export function giftAddressOf(fields: GiftAddressFields): GiftAddress {
  return {
    last_name: fields.last_name.trim(),
    first_name: fields.first_name.trim(),
    last_name_kana: fields.last_name_kana.trim(),
    first_name_kana: fields.first_name_kana.trim(),
    postal_code: normalizePostal(fields.postal_code) ?? fields.postal_code.trim(),
    prefecture: fields.prefecture,
    city: fields.city.trim(),
    address1: fields.address1.trim(),
    address2: fields.address2.trim(),
    phone_number: fields.phone_number.trim(),
    email: fields.email.trim(),
  };
}

/** A kept address as the form's first values (the postal code with its hyphen). */
export function fieldsOfGiftAddress(address: GiftAddress | null, corporate: boolean): GiftAddressFields {
  if (!address) return EMPTY_GIFT_ADDRESS;
  return { ...address, postal_code: corporate ? address.postal_code : postDisplay(address.postal_code) };
}
