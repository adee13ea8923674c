import { useEffect } from 'react';
import { Link } from 'react-router';
import { startCart, useCartCount } from '../domain/cart/cart-store';

/**
 * The header's way to the cart, with the number of items once a cart answer was seen. Mounting
 * it (every page has the header) starts the cart's app-wide rules: the init at start and login.
 */
export function CartLink({ className }: { className?: string }) {
  const count = useCartCount();
  useEffect(() => {
    startCart();
  }, []);
  return (
    <Link to="/cart" className={className}>
      {count ? `カート（${count}点）` : 'カート'}
    </Link>
  );
}
