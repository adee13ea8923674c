/**
 * 名入れ刺繍 on a cart line (docs/member-area-api.md, "Name embroidery (名入れ刺繍)"): for a line
 * whose product can be embroidered, a member picks なし or one of the presets and
 * `PATCH /v1/carts/products/embroidery` answers the whole cart (the preset is copied onto the
 * line, its price already in `unit_price`). Visitors are told to log in.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { embroideryPresetsQuery } from '../../domain/name-embroidery/name-embroidery-queries';
import { formatCount } from '../../lib/format';
import { useSession } from '../../api/session';
import { patchCart, useCartAction } from './cart-api';
import type { CartProduct } from './cart-types';
import styles from './cart.module.css';

export const EMBROIDERY_LOGIN_NOTE = '名入れ刺繍はログインするとご利用いただけます';

/** 「+550円」 */
export function embroideryPriceText(price: number): string {
  return `+${formatCount(price)}円`;
}

/** 「YAMADA（ブロック体・白・左胸） +550円」 */
export function presetChoiceText(label: string, price: number): string {
  return `${label} ${embroideryPriceText(price)}`;
}

/** The line's embroidery as the cart and confirm pages show it under the name, or nothing. */
export function EmbroideryLabel({ line }: { line: Pick<CartProduct, 'embroidery'> }) {
  const label = line.embroidery?.label;
  return label ? <p className={styles.lineMeta}>名入れ刺繍: {label}</p> : null;
}

function PresetSelect({ line, price }: { line: CartProduct; price: number }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);
  const presets = useQuery(embroideryPresetsQuery());
  const choose = useCartAction((token, presetId: string | null) =>
    patchCart('/v1/carts/products/embroidery', { token, key: line.key, preset_id: presetId }),
  );
  const items = presets.data?.items ?? [];
  const current = line.embroidery?.preset_id ?? '';
  // A preset deleted since it was chosen stays on the line (it was copied): keep it selectable.
  const orphan = current !== '' && !items.some((preset) => preset.id === current);

  return (
    <div className={styles.lineControls}>
      <label htmlFor={id}>名入れ刺繍</label>
      <select
        id={id}
        className={styles.quantity}
        value={current}
        disabled={choose.isPending || presets.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setError(null);
          choose.mutate(event.target.value === '' ? null : event.target.value, {
            onError: (failure) => {
              if (failure instanceof ApiError) setError(failure.errors.preset_id?.[0] ?? null);
            },
          });
        }}
      >
        <option value="">なし</option>
        {orphan && line.embroidery ? (
          <option value={current}>{presetChoiceText(line.embroidery.label, price)}</option>
        ) : null}
        {items.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {presetChoiceText(preset.label, price)}
          </option>
        ))}
      </select>
      {!presets.isPending && items.length === 0 ? (
        <Link to="/mypage/name-embroidery/edit">名入れ刺繍を登録する</Link>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The select for a member, the login note for a visitor; nothing for a product without embroidery. */
export function EmbroideryChoice({ line }: { line: CartProduct }) {
  const { isLogin } = useSession();
  const embroiderable = line.embroiderable;
  if (!embroiderable) return null;
  if (!isLogin) return <p className={styles.muted}>{EMBROIDERY_LOGIN_NOTE}</p>;
  return <PresetSelect line={line} price={embroiderable.price} />;
}
