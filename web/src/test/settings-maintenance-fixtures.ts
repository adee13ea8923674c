/**
 * メンテナンスモード's answers shaped like the API's (docs/contracts/settings-maintenance.md), for
 * the screen's tests: the switch and its texts, and a back office whose endpoint keeps what it is
 * sent — trimmed, version + 1, the same version when nothing changed, and the contract's 422 when
 * the shop would close without a title or a message. Written apart from the screen's own rules.
 */
import type { MaintenanceInput, MaintenanceSettings } from '../admin/settings/maintenance-types';
import { type FakeFetch, json } from './fake-fetch';
import { createAdminFake, type Role } from './render-admin';

export const MAINTENANCE_PATH = '/v1/admin/settings/maintenance';
export const MAINTENANCE_STALE = 'この設定は他の画面で更新されました。画面を読み込み直してください。';

/** The server's field messages (422). */
export const MAINTENANCE_MESSAGES = {
  isOn: '選択してください。',
  titleRequired: 'メンテナンス中はタイトルを入力してください。',
  titleTooLong: 'タイトルは100文字以内で入力してください。',
  messageRequired: 'メンテナンス中はお客様へのメッセージを入力してください。',
  messageTooLong: 'メッセージは1,000文字以内で入力してください。',
  version: '版番号がありません。画面を読み込み直してください。',
} as const;

/** A shop that wrote its texts once and is open now, unless told. */
export function maintenanceSettings(overrides: Partial<MaintenanceSettings> = {}): MaintenanceSettings {
  return {
    version: 3,
    is_on: false,
    title: '棚卸しのため休業中です',
    message: '12月28日10時に再開します。\n\nご不便をおかけします。',
    ...overrides,
  } as MaintenanceSettings;
}

/** A shop never switched: version 1, no texts. */
export function neverSwitched(): MaintenanceSettings {
  return maintenanceSettings({ version: 1, is_on: false, title: '', message: '' });
}

/** The contract's refusals of a body, by field. */
function refusals(body: MaintenanceInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const title = (body.title ?? '').trim();
  const message = (body.message ?? '').trim();
  if (typeof body.is_on !== 'boolean') errors.is_on = [MAINTENANCE_MESSAGES.isOn];
  if (body.is_on && title === '') errors.title = [MAINTENANCE_MESSAGES.titleRequired];
  else if ([...title].length > 100) errors.title = [MAINTENANCE_MESSAGES.titleTooLong];
  if (body.is_on && message === '') errors.message = [MAINTENANCE_MESSAGES.messageRequired];
  else if ([...message].length > 1000) errors.message = [MAINTENANCE_MESSAGES.messageTooLong];
  return errors;
}

/**
 * A signed-in back office: GET answers the switch as the fake's saves have left it; PUT saves
 * what it is sent (trimmed; version + 1 unless nothing changed), refuses what the contract
 * refuses, and answers 409 to a version that is not the current one.
 */
export function maintenanceFake(role: Role = 'owner', first: MaintenanceSettings = maintenanceSettings()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', MAINTENANCE_PATH, () => json(current))
    .on('PUT', MAINTENANCE_PATH, async (request) => {
      const body = (await request.clone().json()) as MaintenanceInput;
      if (body.version !== current.version) {
        return json({ code: 'settings.stale', message: MAINTENANCE_STALE }, { status: 409 });
      }
      const errors = refusals(body);
      if (Object.keys(errors).length > 0) {
        const summary = Object.values(errors)[0]?.[0] ?? '';
        return json({ message: summary, errors }, { status: 422 });
      }
      const next = {
        is_on: body.is_on === true,
        title: (body.title ?? '').trim(),
        message: (body.message ?? '').trim(),
      };
      const same = next.is_on === current.is_on && next.title === current.title && next.message === current.message;
      current = { ...current, ...next, version: same ? current.version : current.version + 1 };
      return json(current);
    });
  return Object.assign(fake, {
    /** The switch as saved elsewhere, or by the command (what the next GET answers). */
    change(next: MaintenanceSettings) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
export async function sentMaintenance(fake: FakeFetch): Promise<MaintenanceInput[]> {
  const puts = fake.callsTo(MAINTENANCE_PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<MaintenanceInput>));
}
