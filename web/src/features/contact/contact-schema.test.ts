import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/validators';
import {
  BODY_MAX,
  contactSchema,
  EMPTY_CONTACT,
  TOPIC_MESSAGE,
  toInquiryInput,
  type ContactFields,
} from './contact-schema';

const CATALOG = 'topic-catalog';
const valid: ContactFields = {
  ...EMPTY_CONTACT,
  topic_id: 'topic-product',
  name: '山田 太郎',
  email: 'taro@example.com',
  body: 'ヘルメットのサイズについて教えてください。',
};

/** The message of each field that fails, by field. */
function errorsOf(fields: Partial<ContactFields>, corporate = false): Record<string, string> {
  const result = contactSchema({ corporate, catalogTopicId: CATALOG }).safeParse({ ...valid, ...fields });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('contactSchema', () => {
  it('accepts the least a person must give: topic, name, e-mail and message', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('requires the topic, name, e-mail and message', () => {
    expect(errorsOf({ topic_id: '', name: '　', email: '', body: ' \n ' })).toEqual({
      topic_id: TOPIC_MESSAGE,
      name: MESSAGES.required,
      email: MESSAGES.required,
      body: MESSAGES.required,
    });
  });

  it('checks kana, e-mail, phone and fax with the shared rules, optional ones only when given', () => {
    expect(errorsOf({ name_kana: 'やまだ', email: 'taro@example', phone: '03-1234-567a', fax: '1234' })).toEqual({
      name_kana: MESSAGES.kana,
      email: MESSAGES.email,
      phone: MESSAGES.tel,
      fax: MESSAGES.tel,
    });
    expect(errorsOf({ name_kana: 'ヤマダ　タロウ', phone: '090-1234-5678', fax: '0312345678' })).toEqual({});
  });

  it('uses the Tsunagu rules on a corporate shop', () => {
    expect(errorsOf({ phone: '03-1234-5678' }, true)).toEqual({ phone: MESSAGES.tsunaguPhone });
    expect(errorsOf({ phone: '0312345678', name_kana: 'ヤマダ' }, true)).toEqual({});
  });

  it('counts the message in characters, up to 4,000', () => {
    expect(errorsOf({ body: '𠮷'.repeat(BODY_MAX) })).toEqual({});
    expect(errorsOf({ body: 'あ'.repeat(BODY_MAX + 1) })).toEqual({ body: '4000文字以内で入力してください' });
  });

  it('needs the postal address for カタログ請求 only, and checks it there', () => {
    expect(errorsOf({ topic_id: CATALOG })).toEqual({
      postal_code: MESSAGES.post,
      prefecture: MESSAGES.required,
      city: MESSAGES.required,
      address1: MESSAGES.required,
    });
    const address = { postal_code: '100-0001', prefecture: '東京都', city: '千代田区千代田', address1: '1-1' };
    expect(errorsOf({ topic_id: CATALOG, ...address })).toEqual({});
    expect(errorsOf({ topic_id: CATALOG, ...address, postal_code: '100-0001' }, true)).toEqual({
      postal_code: MESSAGES.tsunaguPostal,
    });
    // Another topic: a half-typed address left behind holds nothing back.
    expect(errorsOf({ postal_code: '12' })).toEqual({});
  });
});

describe('toInquiryInput', () => {
  it('trims, leaves out empty optional fields and sends the address only for the catalogue', () => {
    expect(toInquiryInput({ ...valid, name: ' 山田 太郎 ', phone: ' ', postal_code: '100-0001' }, [], CATALOG)).toEqual(
      {
        topic_id: 'topic-product',
        name: '山田 太郎',
        email: 'taro@example.com',
        body: 'ヘルメットのサイズについて教えてください。',
      },
    );
    expect(
      toInquiryInput(
        {
          ...valid,
          topic_id: CATALOG,
          company: '山田商店',
          postal_code: '１００－０００１',
          prefecture: '東京都',
          city: '千代田区千代田',
          address1: '1-1',
        },
        ['file-1'],
        CATALOG,
      ),
    ).toEqual({
      topic_id: CATALOG,
      name: '山田 太郎',
      email: 'taro@example.com',
      company: '山田商店',
      body: 'ヘルメットのサイズについて教えてください。',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
      files: ['file-1'],
    });
  });
});
