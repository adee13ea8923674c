/**
 * The address form's fields and rules: the profile's rules (domain/member/profile-form, built from
 * lib/validators and the shared vectors) under the address book's names, demo or corporate as
 * the channel says — the same checks the server runs (server/src/addresses/entry.rs).
 */
import { z } from 'zod';
import { profileShape, refineProfile } from '../../domain/member/profile-form';
import { normalizePostal, postDisplay } from '../../lib/validators';
import type { AddressInput, UserAddress } from './address-queries';

export interface AddressFields {
  shipping_last_name: string;
  shipping_first_name: string;
  shipping_last_name_kana: string;
  shipping_first_name_kana: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone_number: string;
  cell_phone_number: string;
}

export const EMPTY_ADDRESS: AddressFields = {
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
};

/** The form's field names, which are also the server's keys for its 422 errors. */
export const ADDRESS_FIELD_NAMES = Object.keys(EMPTY_ADDRESS) as (keyof AddressFields)[];

export function addressSchema(corporate: boolean) {
  const rules = profileShape(corporate);
  return z
    .object({
      shipping_last_name: rules.last_name,
      shipping_first_name: rules.first_name,
      shipping_last_name_kana: rules.last_name_kana,
      shipping_first_name_kana: rules.first_name_kana,
      postal_code: rules.postal_code,
      prefecture: rules.prefecture,
      city: rules.city,
      address1: rules.address1,
      address2: rules.address2,
      phone_number: rules.phone_number,
      cell_phone_number: rules.cell_phone_number,
    })
    .superRefine(refineProfile);
}

/** A stored entry as the form's first values (the postal code with its hyphen on demo). */
export function addressFieldsOf(entry: UserAddress, corporate: boolean): AddressFields {
  return {
    shipping_last_name: entry.shipping_last_name,
    shipping_first_name: entry.shipping_first_name,
    shipping_last_name_kana: entry.shipping_last_name_kana,
    shipping_first_name_kana: entry.shipping_first_name_kana,
    postal_code: corporate ? entry.postal_code : postDisplay(entry.postal_code),
    prefecture: entry.prefecture,
    city: entry.city,
    address1: entry.address1,
    address2: entry.address2,
    phone_number: entry.phone_number,
    cell_phone_number: entry.cell_phone_number,
  };
}

/** The checked form as the server takes it: trimmed, the postal code as seven digits. */
export function toAddressInput(fields: AddressFields): AddressInput {
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
  };
}
