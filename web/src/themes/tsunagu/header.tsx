import { Link } from 'react-router';
import { AccountLink } from '../../ui/account-link';
import { CartLink } from '../../ui/cart-link';
import { SmartLink } from '../../ui/smart-link';
import type { HeaderProps } from '../types';
import styles from './header.module.css';

/** Tsunagu (B2B): the shop name centred with its 法人向け mark, over a menu bar in the primary colour. */
export function TsunaguHeader({ shopName, navigation }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.brandRow}>
        <p className={styles.badge}>法人のお客様専用</p>
        <Link to="/" className={styles.brand}>
          {shopName}
        </Link>
        <div className={styles.tools}>
          <CartLink className={styles.account} />
          <AccountLink className={styles.account} />
        </div>
      </div>
      {navigation.length > 0 ? (
        <nav aria-label="メインメニュー" className={styles.nav}>
          <ul className={styles.list}>
            {navigation.map((item) => (
              <li key={`${item.path}-${item.label}`}>
                <SmartLink to={item.path} className={styles.link}>
                  {item.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
