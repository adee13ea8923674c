/**
 * クーポン管理's answers shaped like the API's (docs/contracts/coupon-desk.md), for the desk's
 * tests: coupons in each state, and a back office whose coupon endpoints keep what they are sent
 * — the list filtered by `status` and `q` (code or name) and paged, one coupon, a create (the
 * code upper-cased, a code the shop has in any case refused under `code`), a save (version + 1)
 * and a delete (409 `coupons.used` when an order used it, `coupons.stale` when the version is not
 * the coupon's).
 */
import { json, type FakeFetch } from './fake-fetch';
import { createAdminFake, paged, type Role } from './render-admin';
import type { CouponCreateInput, CouponDesk, CouponUpdateInput } from '../admin/content/coupons-types';

export const COUPONS_PATH = '/v1/admin/coupons';
export const COUPONS_STALE = 'このクーポンは他の画面で更新されました。最新の内容を読み込んでから編集してください。';
export const COUPONS_USED = 'このクーポンは注文で使われているため削除できません。終了日時を設定して終了してください。';
export const CODE_TAKEN = 'このクーポンコードはすでに使われています。';

/** The fake's clock: 2026-12-05 (Japan time 09:00). */
const NOW = Date.parse('2026-12-05T00:00:00Z');

/** 「500円引き」 / 「10%OFF」, as the server says it. */
function labelOf(kind: string, value: number): string {
  return kind === 'percent' ? `${value}%OFF` : `${value.toLocaleString('en-US')}円引き`;
}

/** The state the server would give on the fake's clock. */
function statusOf(coupon: Pick<CouponDesk, 'starts_at' | 'ends_at' | 'max_uses' | 'used_count'>): CouponDesk['status'] {
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= NOW) return 'ended';
  if (coupon.starts_at && Date.parse(coupon.starts_at) > NOW) return 'scheduled';
  if (coupon.max_uses !== null && coupon.max_uses !== undefined && coupon.used_count >= coupon.max_uses) {
    return 'exhausted';
  }
  return 'active';
}

/** One coupon as the editor reads it; the shop's welcome coupon (used 12 times of 100) unless told. */
export function couponDesk(overrides: Partial<CouponDesk> = {}): CouponDesk {
  const base = {
    id: 'cp-1',
    code: 'WELCOME500',
    name: 'はじめてのお買い物 500円引き',
    description: '3,000円以上のお買い物で使えます。',
    discount_kind: 'amount',
    discount_value: 500,
    minimum_amount: 3000,
    starts_at: '2026-10-31T15:00:00Z',
    ends_at: null,
    is_public: true,
    member_only: false,
    requires_take: false,
    uses_per_member: 1,
    max_uses: 100,
    used_count: 12,
    version: 1,
    updated_at: '2026-11-01T01:00:00Z',
    ...overrides,
  } as CouponDesk;
  return {
    ...base,
    discount_label: overrides.discount_label ?? labelOf(base.discount_kind, base.discount_value),
    status: overrides.status ?? statusOf(base),
  } as CouponDesk;
}

/** The shop's coupons, newest first: one in use, one to come, one ended, one whose uses ran out. */
export function couponList(): CouponDesk[] {
  return [
    couponDesk({
      id: 'cp-4',
      code: 'WINTER-10',
      name: '冬の10%OFF',
      description: '',
      discount_kind: 'percent',
      discount_value: 10,
      minimum_amount: 5000,
      starts_at: '2026-12-19T15:00:00Z',
      ends_at: '2026-12-31T15:00:00Z',
      max_uses: null,
      used_count: 0,
      member_only: true,
      requires_take: true,
      updated_at: '2026-12-02T03:00:00Z',
    }),
    couponDesk(),
    couponDesk({
      id: 'cp-3',
      code: 'FIRST100',
      name: '先着100名 1,000円引き',
      discount_value: 1000,
      minimum_amount: 0,
      max_uses: 100,
      used_count: 100,
      member_only: true,
    }),
    couponDesk({
      id: 'cp-2',
      code: 'AUTUMN-300',
      name: '秋の300円引き',
      discount_value: 300,
      minimum_amount: 0,
      starts_at: '2026-09-30T15:00:00Z',
      ends_at: '2026-10-31T15:00:00Z',
      max_uses: null,
      used_count: 40,
      version: 3,
    }),
  ];
}

/** A datetime-local value (Japan time) as the server answers it (UTC); null stays null. */
function fromJapanTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const instant = /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value.length === 16 ? `${value}:00` : value}+09:00`;
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}

/** The coupon a body makes (the server's answer, without its id, uses and version). */
function fromBody(body: CouponCreateInput) {
  const requiresTake = Boolean(body.requires_take);
  return {
    code: String(body.code).trim().toUpperCase(),
    name: String(body.name).trim(),
    description: String(body.description ?? '').trim(),
    discount_kind: body.discount_kind,
    discount_value: Number(body.discount_value),
    minimum_amount: Number(body.minimum_amount ?? 0),
    starts_at: fromJapanTime(body.starts_at),
    ends_at: fromJapanTime(body.ends_at),
    is_public: Boolean(body.is_public),
    member_only: Boolean(body.member_only) || requiresTake,
    requires_take: requiresTake,
    uses_per_member: Number(body.uses_per_member ?? 1),
    max_uses: body.max_uses ?? null,
  } as Partial<CouponDesk>;
}

export interface CouponDeskFake extends FakeFetch {
  /** The coupons as the fake holds them now. */
  items(): CouponDesk[];
  /** A coupon changed elsewhere (what the next GET answers). */
  change(next: CouponDesk): void;
  /** The bodies POST sent, in order. */
  created(): Promise<CouponCreateInput[]>;
  /** The bodies PUT sent to `id`, in order. */
  saved(id: string): Promise<CouponUpdateInput[]>;
}

/**
 * A signed-in back office whose role may (owner, manager) or may not keep the coupons, holding
 * `items`. The list answers 20 a page; GET, PUT and DELETE answer 404 for an id it does not hold.
 */
export function couponDeskFake(role: Role = 'owner', items: CouponDesk[] = couponList()): CouponDeskFake {
  let current = [...items];
  let next = 10;
  const find = (id: string) => current.find((item) => item.id === id);
  const notFound = () => json({ code: 'not_found', message: 'クーポンが見つかりません。' }, { status: 404 });
  const stale = () => json({ code: 'coupons.stale', message: COUPONS_STALE }, { status: 409 });
  const idOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
  const taken = (code: string, except: string) =>
    current.some((item) => item.id !== except && item.code.toUpperCase() === code.toUpperCase());
  const codeTaken = () => json({ message: CODE_TAKEN, errors: { code: [CODE_TAKEN] } }, { status: 422 });

  const fake = createAdminFake(role)
    .on('GET', COUPONS_PATH, (request) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status') ?? '';
      const q = (url.searchParams.get('q') ?? '').toUpperCase();
      const page = Number(url.searchParams.get('page') ?? '1');
      const per = Number(url.searchParams.get('per') ?? '20');
      if (status && !['active', 'scheduled', 'ended', 'exhausted'].includes(status)) {
        const message = '状態は active・scheduled・ended・exhausted のいずれかで指定してください。';
        return json({ message, errors: { status: [message] } }, { status: 422 });
      }
      const found = current
        .filter((item) => !status || item.status === status)
        .filter((item) => !q || item.code.toUpperCase().includes(q) || item.name.toUpperCase().includes(q));
      return paged(found.slice((page - 1) * per, page * per), found.length, per, page);
    })
    .on('POST', COUPONS_PATH, async (request) => {
      const body = (await request.clone().json()) as CouponCreateInput;
      const fields = fromBody(body);
      if (taken(String(fields.code), '')) return codeTaken();
      const created = couponDesk({
        ...fields,
        id: `cp-${next++}`,
        used_count: 0,
        version: 1,
        updated_at: '2026-12-05T01:00:00Z',
      });
      current = [created, ...current];
      return json(created, { status: 201 });
    });

  const ids = new Set([...items.map((item) => item.id), 'cp-10', 'cp-11']);
  for (const id of ids) {
    const path = `${COUPONS_PATH}/${id}`;
    fake
      .on('GET', path, (request) => {
        const item = find(idOf(request));
        return item ? json(item) : notFound();
      })
      .on('PUT', path, async (request) => {
        const item = find(idOf(request));
        if (!item) return notFound();
        const body = (await request.clone().json()) as CouponUpdateInput;
        if (body.version !== item.version) return stale();
        const fields = fromBody(body);
        if (taken(String(fields.code), item.id)) return codeTaken();
        const saved = couponDesk({
          ...item,
          ...fields,
          discount_label: undefined,
          status: undefined,
          version: item.version + 1,
          updated_at: '2026-12-05T02:00:00Z',
        });
        current = current.map((line) => (line.id === saved.id ? saved : line));
        return json(saved);
      })
      // DELETE carries ?version=: matched by the path alone.
      .on('DELETE', path, (request) => {
        const item = find(idOf(request));
        if (!item) return notFound();
        const version = new URL(request.url).searchParams.get('version');
        if (version === null) {
          const message = '版番号がありません。画面を読み込み直してください。';
          return json({ message, errors: { version: [message] } }, { status: 422 });
        }
        if (item.used_count > 0) {
          return json({ code: 'coupons.used', message: COUPONS_USED }, { status: 409 });
        }
        if (Number(version) !== item.version) return stale();
        current = current.filter((line) => line.id !== item.id);
        return new Response(null, { status: 204 });
      });
  }

  const bodies = async <T>(requests: Request[]) =>
    Promise.all(requests.map((call) => call.clone().json() as Promise<T>));
  return Object.assign(fake, {
    items: () => current,
    change(changed: CouponDesk) {
      current = current.map((line) => (line.id === changed.id ? changed : line));
    },
    created: () => bodies<CouponCreateInput>(fake.callsTo(COUPONS_PATH).filter((call) => call.method === 'POST')),
    saved: (id: string) =>
      bodies<CouponUpdateInput>(fake.callsTo(`${COUPONS_PATH}/${id}`).filter((call) => call.method === 'PUT')),
  });
}
