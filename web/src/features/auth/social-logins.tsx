import { MYPAGE_PATH } from '../../domain/auth/login-complete';
import { safeRedirectPath, sessionStore } from '../../api/session';
import { buttonClass } from '../../ui/form-field';
import { socialLoginUrl, useProviders } from './auth-queries';
import styles from './auth.module.css';

/**
 * 「○○でログイン」, one link per provider the shop offers (GET /v1/auth/providers); nothing at all
 * when it offers none. Each link leaves the SPA for the server's redirect step with the page to
 * come back to (the remembered same-site page, or the mypage).
 */
export function SocialLogins({ title = '外部サービスでログイン', level = 3 }: { title?: string; level?: 2 | 3 }) {
  const { data: providers } = useProviders();
  if (!providers || providers.length === 0) return null;
  const after = safeRedirectPath(sessionStore.get().redirectUrl) ?? MYPAGE_PATH;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.section} aria-labelledby="social-login-title">
      <Heading id="social-login-title" className={styles.panelTitle}>
        {title}
      </Heading>
      <ul className={styles.providers}>
        {providers.map((provider) => (
          <li key={provider.type}>
            <a className={buttonClass.secondary} href={socialLoginUrl(provider.type, after)}>
              {provider.name}でログイン
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
