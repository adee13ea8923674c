/**
 * 複数のお届け先に送る (ORDER.SHIPPING.IS_ALLOW_MULTIPLE): a member adds delivery addresses from
 * the address book (PATCH /v1/carts/shippings/add — the first fills the cart's only shipping,
 * each further one is a new shipping) and moves products, all or some of their quantity, to
 * another address (PATCH /v1/carts/products/divide; a product's accessories go with it). An
 * added address is removed again with PATCH /v1/carts/shippings/delete: its products go back
 * to the first.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, buttonClass, controlClass } from '../../ui/form-field';
import { patchCart, useCartAction, type CartAddress } from './cart-api';
import { AddressText, postalText, variationLabel } from './cart-parts';
import type { Cart, CartProduct, CartShipping } from './cart-types';
import { ensureMemberOrderer } from './member-orderer';
import { productLinesOf, shippingKeyOf } from './shipping-split';
import styles from './cart.module.css';

export const NEEDS_ADDRESS_TEXT = 'お届け先を追加してください。';

function addressLine(address: CartAddress): string {
  return `${address.shipping_name} 様　${
    address.full_address || `${postalText(address.postal_code)} ${address.prefecture}${address.city}${address.address1}`
  }`;
}

function shippingName(shipping: CartShipping, index: number): string {
  const address = shipping.address;
  const who = address ? address.shipping_name || `${address.shipping_last_name} ${address.shipping_first_name}` : '';
  return who ? `お届け先${index + 1}（${who} 様）` : `お届け先${index + 1}`;
}

/** 「移す」: some or all of one line's quantity to another shipping. */
function MoveLine({
  line,
  from,
  targets,
}: {
  line: CartProduct;
  from: string;
  targets: { key: string; label: string }[];
}) {
  const id = useId();
  const [target, setTarget] = useState(targets[0]?.key ?? '');
  const [quantity, setQuantity] = useState(line.quantity);
  const move = useCartAction((token, vars: { shippingKey: string; quantity: number }) =>
    patchCart('/v1/carts/products/divide', {
      token,
      key: line.key,
      quantity: vars.quantity,
      shipping_key: vars.shippingKey,
    }),
  );
  const others = targets.filter((t) => t.key !== from);
  if (others.length === 0) return null;
  const chosen = others.some((t) => t.key === target) ? target : (others[0]?.key ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate({ shippingKey: chosen, quantity: Math.min(quantity, line.quantity) });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className={styles.moveForm}
      aria-label={`「${line.product_info.name}」のお届け先を変更`}
    >
      <label htmlFor={`${id}-to`}>移す先</label>
      <select
        id={`${id}-to`}
        className={controlClass.select}
        value={chosen}
        onChange={(e) => setTarget(e.target.value)}
      >
        {others.map((t) => (
          <option key={t.key} value={t.key}>
            {t.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-quantity`}>数量</label>
      <select
        id={`${id}-quantity`}
        className={controlClass.select}
        value={Math.min(quantity, line.quantity)}
        onChange={(e) => setQuantity(Number(e.target.value))}
      >
        {Array.from({ length: line.quantity }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={move.isPending}
        aria-busy={move.isPending || undefined}
      >
        {move.isPending ? '移動中…' : '移す'}
      </button>
    </form>
  );
}

function ShippingBox({
  cart,
  shipping,
  index,
  targets,
}: {
  cart: Cart;
  shipping: CartShipping;
  index: number;
  targets: { key: string; label: string }[];
}) {
  const headingId = useId();
  const lines = productLinesOf(cart, shipping.key);
  const remove = useCartAction((token, _vars: undefined) =>
    patchCart('/v1/carts/shippings/delete', { token, key: shipping.key }),
  );
  return (
    <section className={`${styles.section} ${styles.box}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        お届け先{index + 1}
      </h3>
      {shipping.address ? <AddressText address={shipping.address} /> : <p className={styles.muted}>未設定です。</p>}
      {/* The first address stays (it is changed, not removed); the others can go, and their
          products return to it. */}
      {index > 0 ? (
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          aria-describedby={`${headingId}-remove-note`}
          onClick={() => remove.mutate(undefined)}
        >
          {remove.isPending ? '削除中…' : 'このお届け先を削除'}
        </button>
      ) : null}
      {index > 0 ? (
        <p id={`${headingId}-remove-note`} className={styles.muted}>
          削除すると、このお届け先の商品はお届け先1に戻ります。
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className={styles.muted}>このお届け先に送る商品はありません。</p>
      ) : (
        <ul className={styles.splitLines} aria-label={`お届け先${index + 1}に送る商品`}>
          {lines.map((line) => (
            <li key={line.key} className={styles.splitLine}>
              <span>
                {line.product_info.name}
                {variationLabel(line.product_info) ? `（${variationLabel(line.product_info)}）` : ''} × {line.quantity}
              </span>
              <MoveLine line={line} from={shipping.key} targets={targets} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MultiShipping({ cart, addresses }: { cart: Cart; addresses: CartAddress[] }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [addressId, setAddressId] = useState(addresses[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const add = useCartAction(async (token, id: string) =>
    ensureMemberOrderer(await patchCart('/v1/carts/shippings/add', { token, user_address_id: id }), token),
  );
  const shippings = cart.detail.shippings;
  const addressed = shippings.filter((s) => s.address);
  const targets = addressed.map((s) => ({ key: s.key, label: shippingName(s, shippings.indexOf(s)) }));
  // Every line must go somewhere with an address (lines without a shipping go to the first).
  const ready =
    addressed.length > 0 &&
    cart.detail.products.every((line) => shippings.find((s) => s.key === shippingKeyOf(cart, line))?.address);

  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!addressId) {
      setError('追加するお届け先を選択してください。');
      return;
    }
    setError(null);
    add.mutate(addressId);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        複数のお届け先に送る
      </h2>
      <p className={styles.muted}>
        お届け先を追加してから、商品ごとに「移す」でお届け先を分けてください。送料はお届け先ごとにかかります。
      </p>
      {addressed.length === 0 ? <p>{NEEDS_ADDRESS_TEXT}</p> : null}
      {shippings.map((shipping, index) =>
        shipping.address || productLinesOf(cart, shipping.key).length > 0 ? (
          <ShippingBox key={shipping.key} cart={cart} shipping={shipping} index={index} targets={targets} />
        ) : null,
      )}
      <form noValidate onSubmit={submitAdd} className={styles.inlineForm} aria-label="お届け先の追加">
        <FormAlert message={error} />
        <div>
          <label htmlFor={`${headingId}-add`}>アドレス帳のお届け先</label>
          <select
            id={`${headingId}-add`}
            className={controlClass.select}
            value={addressId}
            onChange={(e) => setAddressId(e.target.value)}
          >
            {addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {addressLine(address)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={add.isPending}
          aria-busy={add.isPending || undefined}
        >
          {add.isPending ? '追加中…' : 'お届け先を追加'}
        </button>
      </form>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={!ready}
          aria-describedby={ready ? undefined : `${headingId}-not-ready`}
          onClick={() => navigate('/cart/shipping-detail')}
        >
          この内容で次へ進む
        </button>
      </div>
      {ready ? null : (
        <p id={`${headingId}-not-ready`} className={styles.muted}>
          すべての商品のお届け先が決まると次へ進めます。
        </p>
      )}
    </section>
  );
}
