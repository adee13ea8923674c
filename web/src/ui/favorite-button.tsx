import { useState } from 'react';
import { useAskToLogin } from '../domain/auth/ask-login';
import {
  LOGIN_FOR_FAVORITE_MESSAGE,
  toggleFavorite,
  useIsFavorite,
  type FavoriteTarget,
} from '../domain/favorites/favorites';
import { useSession } from '../api/session';
import styles from './favorite-button.module.css';

export const ADD_FAVORITE_LABEL = 'お気に入りに追加';
export const REMOVE_FAVORITE_LABEL = 'お気に入りから削除';

export interface FavoriteButtonProps {
  product: FavoriteTarget;
  /** `card`: a round heart over a product card's picture; `detail`: a button with its word. */
  variant?: 'card' | 'detail';
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 6.9 4.5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.4 3.7 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A member's heart: pressed while liked (domain/favorites/favorites keeps it in step on every list). */
function MemberHeart({ product, variant }: Required<FavoriteButtonProps>) {
  const liked = useIsFavorite(product.id, product.is_favorite);
  const [busy, setBusy] = useState(false);
  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await toggleFavorite(product);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HeartButton
      variant={variant}
      liked={liked}
      busy={busy}
      onPress={() => {
        void press();
      }}
    />
  );
}

/** A visitor's heart: never pressed; a press asks them to log in and brings them back. */
function VisitorHeart({ variant }: Pick<Required<FavoriteButtonProps>, 'variant'>) {
  const askToLogin = useAskToLogin();
  return (
    <HeartButton variant={variant} liked={false} busy={false} onPress={() => askToLogin(LOGIN_FOR_FAVORITE_MESSAGE)} />
  );
}

function HeartButton({
  variant,
  liked,
  busy,
  onPress,
}: {
  variant: 'card' | 'detail';
  liked: boolean;
  busy: boolean;
  onPress: () => void;
}) {
  const className = [styles.button, variant === 'card' ? styles.card : styles.detail, liked ? styles.liked : '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-label={liked ? REMOVE_FAVORITE_LABEL : ADD_FAVORITE_LABEL}
      aria-pressed={liked}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      <Heart filled={liked} />
      {variant === 'detail' ? <span className={styles.word}>お気に入り</span> : null}
    </button>
  );
}

/**
 * The heart of a product (spec 000 §4): members like and unlike with it; visitors who press it
 * are asked to log in (the same way as the member-only pages).
 */
export function FavoriteButton({ product, variant = 'card' }: FavoriteButtonProps) {
  const { isLogin } = useSession();
  return isLogin ? <MemberHeart product={product} variant={variant} /> : <VisitorHeart variant={variant} />;
}
