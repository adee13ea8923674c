/**
 * Parts shared by the steps of /cart/shipping-select: the radio list of a choice (an address of
 * the book, the corporate 配送方法) and the way on from a step with nothing to enter (a gift,
 * 問屋引取り).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../ui/form-field';
import { useCartAction } from './cart-api';
import type { Cart } from './cart-types';
import { ensureMemberOrderer } from './member-orderer';
import styles from './cart.module.css';

export interface RadioChoice<T extends string | number> {
  value: T;
  label: ReactNode;
}

/** A fieldset of radio buttons named by its legend; `children` follow the list. */
export function RadioChoices<T extends string | number>({
  legend,
  name,
  choices,
  selected,
  onSelect,
  children,
}: {
  legend: string;
  name: string;
  choices: RadioChoice<T>[];
  selected: T | null;
  onSelect: (value: T) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      <ul className={styles.choiceList}>
        {choices.map((choice) => (
          <li key={choice.value}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={selected === choice.value}
                onChange={() => onSelect(choice.value)}
              />
              <span className={styles.choiceText}>{choice.label}</span>
            </label>
          </li>
        ))}
      </ul>
      {children}
    </fieldset>
  );
}

/**
 * 次へ進む and カートに戻る for a step with nothing to enter: the orderer is the member's profile
 * (set when the cart has none yet), then on to `to`.
 */
export function MemberOrdererNext({ cart, to }: { cart: Cart; to: string }) {
  const navigate = useNavigate();
  const next = useCartAction<void>((token) => ensureMemberOrderer(cart, token));
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={next.isPending}
        aria-busy={next.isPending || undefined}
        onClick={() => next.mutate(undefined, { onSuccess: () => navigate(to) })}
      >
        {next.isPending ? '送信中…' : '次へ進む'}
      </button>
      <Link to="/cart" className={buttonClass.secondary}>
        カートに戻る
      </Link>
    </div>
  );
}
