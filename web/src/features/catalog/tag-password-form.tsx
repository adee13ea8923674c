import { useId, useRef, useState, type FormEvent } from 'react';
import { hasFieldErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { useUnlockTag } from './tag-password-queries';
import styles from './product-list.module.css';

export const TAG_PASSWORD_REQUIRED_TEXT = 'パスワードを入力してください。';

/**
 * A protected tag's list (会員限定セール …) asks for its password first. The right one opens the
 * list for this tab (tag-grants.ts); a wrong one is said under the field. Other failures (too
 * many attempts) are toasted by the query client.
 */
export function TagPasswordForm({ tagKey, tagName }: { tagKey: string; tagName?: string }) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const unlock = useUnlockTag();
  const label = tagName ? `「${tagName}」` : 'この特集';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (password.trim() === '') {
      setError(TAG_PASSWORD_REQUIRED_TEXT);
      input.current?.focus();
      return;
    }
    setError(undefined);
    unlock.mutate(
      { tagKey, password },
      {
        onError: (failure) => {
          if (!hasFieldErrors(failure)) return;
          const message = failure.errors.password?.[0];
          if (message) {
            setError(message);
            input.current?.focus();
          } else {
            setFormError(failure.message);
          }
        },
      },
    );
  };

  return (
    <section className={styles.locked} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.lockedTitle}>
        {label}はパスワードで保護されています
      </h2>
      <p>商品を表示するには、ご案内したパスワードを入力してください。</p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className={styles.lockedForm}>
        <FormAlert message={formError} />
        <FormField label="パスワード" required error={error}>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="password"
              name="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <SubmitButton pending={unlock.isPending} pendingLabel="確認中…">
          商品を表示する
        </SubmitButton>
      </form>
    </section>
  );
}
