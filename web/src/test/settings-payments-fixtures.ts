/**
 * 支払方法設定's answers shaped like the API's (docs/contracts/settings-payments.md), for the
 * screens' tests: the demo shop's methods (card, 代金引換 with its four tiers up to 300,000円, a
 * disabled 銀行振込, a members-only 請求書払い; all ready, the demo shop having a gateway and an
 * account; `UNREADY` has the server's reasons for a shop without), and a back office whose endpoints keep what they
 * are sent — a method saved at its version (409 otherwise) and checked by the contract's rules
 * (422 with its messages), the order saved when it names every method once and was read as it
 * is (409 otherwise) — each answering the whole desk with its gaps worked out again. Written
 * apart from the screens' own rules.
 */
import type {
  PaymentGap,
  PaymentMethodInput,
  PaymentMethodSettings,
  PaymentOrderInput,
  PaymentSettings,
} from '../admin/settings/payments-types';
import { type FakeFetch, json } from './fake-fetch';
import { createAdminFake, type Role } from './render-admin';

export const PAYMENTS_API = '/v1/admin/settings/payments';
export const PAYMENT_ORDER_API = '/v1/admin/settings/payments/order';
export const paymentApi = (id: string): string => `${PAYMENTS_API}/${id}`;

export const PAYMENTS_STALE = 'この支払方法は他の画面で更新されました。画面を読み込み直してください。';
export const ORDER_STALE = '支払方法の並び順が他の画面で変更されました。画面を読み込み直してください。';

/** The server's field messages (422). */
export const PAYMENT_MESSAGES = {
  nameRequired: '名称を入力してください。',
  nameTooLong: '名称は50文字以内で入力してください。',
  tiersRequired: '手数料を1段以上入力してください。',
  tiersTooMany: '手数料は10段までです。',
  cardFee: 'クレジットカードには手数料をかけられません（カード会社の加盟店規約で禁止されています）。',
  fee: '手数料は0円から100,000円までの整数で入力してください。',
  upToRequired: 'この段の上限金額を入力してください。',
  upToOrder: '上限金額は前の段より大きくしてください。',
  upTo: '上限金額は1円から100,000,000円までの整数で入力してください。',
  lastOpen: '最後の段は上限なしにしてください。',
  minTotal: '下限は1円から100,000,000円までの整数で入力してください。',
  maxTotal: '上限は1円から100,000,000円までの整数で入力してください。',
  maxBelowMin: '上限は下限より大きくしてください。',
  cardUnready: 'カード決済の接続先が設定されていないため有効にできません。',
  bankUnready: '振込先口座を設定するまで有効にできません。',
  lastEnabled: '有効な支払方法が1つもなくなるため、無効にできません。',
  orderMismatch: '支払方法をすべて1回ずつ並べてください。',
} as const;

/** 代金引換's tiers in the demo shop (and a new shop): 330 / 440 / 660 / 1,100円. */
export const DEMO_COD_TIERS = [
  { up_to: 10000, fee: 330 },
  { up_to: 30000, fee: 440 },
  { up_to: 100000, fee: 660 },
  { up_to: null, fee: 1100 },
];

export function cardMethod(overrides: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings {
  return {
    id: 'pm-card',
    code: 'credit_card',
    name: 'クレジットカード',
    description: 'VISA / Mastercard / JCB / American Express / Diners Club がご利用いただけます。',
    is_enabled: true,
    member_only: false,
    fee_tiers: [{ up_to: null, fee: 0 }],
    min_total: null,
    max_total: null,
    position: 1,
    version: 1,
    unready_reason: null,
    ...overrides,
  } as PaymentMethodSettings;
}

export function codMethod(overrides: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings {
  return {
    id: 'pm-cod',
    code: 'cod',
    name: '代金引換',
    description: '商品お届け時に配送業者へ現金でお支払いください。',
    is_enabled: true,
    member_only: false,
    fee_tiers: DEMO_COD_TIERS.map((tier) => ({ ...tier })),
    min_total: null,
    max_total: 300000,
    position: 2,
    version: 3,
    unready_reason: null,
    ...overrides,
  } as PaymentMethodSettings;
}

export function bankMethod(overrides: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings {
  return {
    id: 'pm-bank',
    code: 'bank_transfer',
    name: '銀行振込（前払い）',
    description: 'ご注文後にお送りする口座へ7日以内にお振込みください。',
    is_enabled: false,
    member_only: false,
    fee_tiers: [{ up_to: null, fee: 0 }],
    min_total: null,
    max_total: null,
    position: 3,
    version: 1,
    unready_reason: null,
    ...overrides,
  } as PaymentMethodSettings;
}

export function invoiceMethod(overrides: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings {
  return {
    id: 'pm-invoice',
    code: 'invoice',
    name: '請求書払い',
    description: '会員の法人様向けのお支払い方法です。',
    is_enabled: true,
    member_only: true,
    fee_tiers: [{ up_to: null, fee: 220 }],
    min_total: 1000,
    max_total: 500000,
    position: 4,
    version: 2,
    unready_reason: null,
    ...overrides,
  } as PaymentMethodSettings;
}

/** The demo shop's four methods, in the checkout's order. */
export function demoMethods(): PaymentMethodSettings[] {
  return [cardMethod(), codMethod(), bankMethod(), invoiceMethod()];
}

// ---- the gaps, worked out as the contract says ------------------------------------------------

type Range = [number, number | null];

/** Why the checkout cannot offer a method even when enabled (the server's `unready_reason`). */
export const UNREADY = {
  card: 'カード決済の接続先が未設定です。',
  bank: '振込先口座が未設定です。',
} as const;

/** Whether the checkout can offer the method: enabled, and nothing missing for it (an unready one is left out). */
const offered = (method: PaymentMethodSettings): boolean => method.is_enabled && !method.unready_reason;

/** The ranges of totals from 0 up that none of `methods` takes. */
function uncovered(methods: PaymentMethodSettings[]): Range[] {
  const holes: Range[] = [];
  const ranges = methods.map((m): Range => [m.min_total ?? 0, m.max_total ?? null]).sort((a, b) => a[0] - b[0]);
  let next: number | null = 0;
  for (const [from, to] of ranges) {
    if (next === null) break;
    if (from > next) holes.push([next, from - 1]);
    next = to === null ? null : Math.max(next, to + 1);
  }
  if (next !== null) holes.push([next, null]);
  return holes;
}

/** `piece` less `cut`. */
function subtract([from, to]: Range, [cutFrom, cutTo]: Range): Range[] {
  if ((to !== null && to < cutFrom) || (cutTo !== null && from > cutTo)) return [[from, to]];
  const left: Range[] = [];
  if (from < cutFrom) left.push([from, cutFrom - 1]);
  if (cutTo !== null && (to === null || to > cutTo)) left.push([cutTo + 1, to]);
  return left;
}

const yen = (amount: number): string => `${amount.toLocaleString('ja-JP')}円`;

function gapOf([from, to]: Range, membersToo: boolean): PaymentGap {
  const range =
    to === null
      ? from === 0
        ? ''
        : `${yen(from)}以上のご注文で`
      : from === 0
        ? `${yen(to)}以下のご注文で`
        : `${yen(from)}〜${yen(to)}のご注文で`;
  const who = membersToo ? '' : 'ゲスト購入では、';
  return { from, to, members_too: membersToo, message: `${who}${range}使えるお支払い方法がありません。` } as PaymentGap;
}

export function gapsOf(methods: PaymentMethodSettings[]): PaymentGap[] {
  const open = methods.filter(offered);
  const forMembers = uncovered(open);
  const forGuests = uncovered(open.filter((m) => !m.member_only)).flatMap((hole) =>
    forMembers.reduce<Range[]>((pieces, cut) => pieces.flatMap((piece) => subtract(piece, cut)), [hole]),
  );
  return [...forMembers.map((r) => gapOf(r, true)), ...forGuests.map((r) => gapOf(r, false))].sort(
    (a, b) => a.from - b.from,
  );
}

/** The desk as GET answers it: the methods as given, their gaps worked out. */
export function paymentSettings(methods: PaymentMethodSettings[] = demoMethods()): PaymentSettings {
  return { data: methods, gaps: gapsOf(methods) } as PaymentSettings;
}

// ---- the contract's refusals ------------------------------------------------------------------

const isYen = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function refusals(body: PaymentMethodInput, method: PaymentMethodSettings, all: PaymentMethodSettings[]) {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const name = (body.name ?? '').trim();
  if (name === '') add('name', PAYMENT_MESSAGES.nameRequired);
  else if ([...name].length > 50) add('name', PAYMENT_MESSAGES.nameTooLong);
  const tiers = body.fee_tiers ?? [];
  if (tiers.length === 0) add('fee_tiers', PAYMENT_MESSAGES.tiersRequired);
  else if (tiers.length > 10) add('fee_tiers', PAYMENT_MESSAGES.tiersTooMany);
  else {
    let previous = 0;
    tiers.forEach(({ up_to, fee }, index) => {
      const last = index === tiers.length - 1;
      if (!isYen(fee, 0, 100000)) add(`fee_tiers[${index}].fee`, PAYMENT_MESSAGES.fee);
      const key = `fee_tiers[${index}].up_to`;
      if (last && up_to !== null) add(key, PAYMENT_MESSAGES.lastOpen);
      else if (!last && up_to === null) add(key, PAYMENT_MESSAGES.upToRequired);
      else if (!last && !isYen(up_to, 1, 100000000)) add(key, PAYMENT_MESSAGES.upTo);
      else if (!last && (up_to ?? 0) <= previous) add(key, PAYMENT_MESSAGES.upToOrder);
      else if (!last) previous = up_to ?? previous;
    });
    if (method.code === 'credit_card' && tiers.some(({ fee }) => fee !== 0)) add('fee_tiers', PAYMENT_MESSAGES.cardFee);
  }
  if (body.min_total !== null && !isYen(body.min_total, 1, 100000000)) add('min_total', PAYMENT_MESSAGES.minTotal);
  if (body.max_total !== null && !isYen(body.max_total, 1, 100000000)) add('max_total', PAYMENT_MESSAGES.maxTotal);
  else if (body.min_total !== null && body.max_total !== null && body.max_total <= body.min_total) {
    add('max_total', PAYMENT_MESSAGES.maxBelowMin);
  }
  // Enabling an unready method is refused; one already on stays on.
  if (body.is_enabled && !method.is_enabled && method.unready_reason) {
    add('is_enabled', method.code === 'bank_transfer' ? PAYMENT_MESSAGES.bankUnready : PAYMENT_MESSAGES.cardUnready);
  }
  if (!body.is_enabled && offered(method) && !all.some((other) => other.id !== method.id && offered(other))) {
    add('is_enabled', PAYMENT_MESSAGES.lastEnabled);
  }
  return errors;
}

/**
 * A signed-in back office: GET answers the desk as the fake's saves have left it; PUT …/{id}
 * saves a method (version + 1) unless the version is not the current one (409) or the contract
 * refuses it (422); PUT …/order saves the order unless it does not name every method once (422)
 * or `was` is not the order now (409).
 */
export function paymentsFake(role: Role = 'owner', first: PaymentMethodSettings[] = demoMethods()) {
  let methods = first;
  const answer = () => json(paymentSettings(methods));
  const fake = createAdminFake(role)
    .on('GET', PAYMENTS_API, () => answer())
    .on('PUT', PAYMENT_ORDER_API, async (request) => {
      const body = (await request.clone().json()) as PaymentOrderInput;
      const known = methods.map(({ id }) => id);
      if ([...body.ids].sort().join() !== [...known].sort().join()) {
        return json(
          { message: PAYMENT_MESSAGES.orderMismatch, errors: { ids: [PAYMENT_MESSAGES.orderMismatch] } },
          { status: 422 },
        );
      }
      if (body.was.join() !== known.join()) {
        return json({ code: 'settings.stale', message: ORDER_STALE }, { status: 409 });
      }
      methods = body.ids.map((id, index) => {
        const method = methods.find((candidate) => candidate.id === id)!;
        return { ...method, position: index + 1 };
      });
      return answer();
    });
  for (const { id } of first) {
    fake.on('PUT', paymentApi(id), async (request) => {
      const body = (await request.clone().json()) as PaymentMethodInput;
      const method = methods.find((candidate) => candidate.id === id);
      if (!method) return json({ message: '見つかりません。' }, { status: 404 });
      const errors = refusals(body, method, methods);
      if (Object.keys(errors).length > 0) {
        return json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, { status: 422 });
      }
      if (body.version !== method.version) {
        return json({ code: 'settings.stale', message: PAYMENTS_STALE }, { status: 409 });
      }
      const saved = {
        ...method,
        name: body.name.trim(),
        description: body.description.trim(),
        is_enabled: body.is_enabled,
        member_only: body.member_only,
        fee_tiers: body.fee_tiers.map(({ up_to, fee }) => ({ up_to, fee: fee ?? 0 })),
        min_total: body.min_total,
        max_total: body.max_total,
        version: method.version + 1,
      } as PaymentMethodSettings;
      methods = methods.map((candidate) => (candidate.id === id ? saved : candidate));
      return answer();
    });
  }
  return Object.assign(fake, {
    /** The methods as saved elsewhere (what the next GET answers). */
    change(next: PaymentMethodSettings[]) {
      methods = next;
    },
    /** The methods as the fake has them now. */
    current(): PaymentMethodSettings[] {
      return methods;
    },
  });
}

/** The bodies PUT sent for the method `id`, in order. */
export async function sentMethod(fake: FakeFetch, id: string): Promise<PaymentMethodInput[]> {
  const puts = fake.callsTo(paymentApi(id)).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<PaymentMethodInput>));
}

/** The bodies 上へ / 下へ sent, in order. */
export async function sentOrders(fake: FakeFetch): Promise<PaymentOrderInput[]> {
  const puts = fake.callsTo(PAYMENT_ORDER_API).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<PaymentOrderInput>));
}
