import { SmartLink } from '../../ui/smart-link';
import type { FooterProps } from '../types';
import styles from './footer.module.css';

export function SimpleFooter({ shopName, navigation, copyright }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {navigation.length > 0 ? (
          <nav aria-label="フッターメニュー">
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
        <p className={styles.copyright}>
          <small>{copyright || `© ${shopName}`}</small>
        </p>
      </div>
    </footer>
  );
}
