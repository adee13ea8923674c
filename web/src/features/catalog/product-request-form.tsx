import { useId, useState, type FormEvent } from 'react';
import { ApiError, isSilentError } from '../../lib/api-error';
import { checkProductRequest, type RequestErrors, type RequestFields } from './product-request-rules';
import { useProductRequest } from './history-queries';
import styles from './product-detail.module.css';

export const REQUEST_DONE_TEXT = '入荷リクエストを受け付けました。';

const EMPTY: RequestFields = { name: '', email: '', body: '' };
const LABELS: Record<keyof RequestFields, string> = { name: 'お名前', email: 'メールアドレス', body: '内容' };

/**
 * 「入荷リクエスト」 for a product that is out of stock or not on sale yet: name, e-mail and a
 * message. The browser checks what it can; the server's field errors appear under their fields.
 */
export function ProductRequestForm({ productKey }: { productKey: string }) {
  const id = useId();
  const [fields, setFields] = useState<RequestFields>(EMPTY);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useProductRequest();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = checkProductRequest(fields);
    setErrors(found);
    const first = (Object.keys(LABELS) as (keyof RequestFields)[]).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    mutation.mutate(
      { product_key: productKey, name: fields.name.trim(), email: fields.email.trim(), body: fields.body.trim() },
      {
        onSuccess: () => setFields(EMPTY),
        onError: (error) => {
          if (isSilentError(error)) return;
          if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
            const server: RequestErrors = {};
            for (const name of Object.keys(LABELS) as (keyof RequestFields)[]) {
              const message = error.errors[name]?.[0];
              if (message) server[name] = message;
            }
            setErrors(server);
            const firstServer = (Object.keys(LABELS) as (keyof RequestFields)[]).find((name) => server[name]);
            if (firstServer) document.getElementById(`${id}-${firstServer}`)?.focus();
            else setFormError(error.message);
            return;
          }
          // Anything else is already shown as a toast by the query client.
        },
      },
    );
  };

  if (mutation.isSuccess) {
    return (
      <section aria-labelledby={`${id}-title`} className={styles.request}>
        <h2 id={`${id}-title`} className={styles.requestTitle}>
          入荷リクエスト
        </h2>
        <p role="status" className={styles.requestDone}>
          {REQUEST_DONE_TEXT}
        </p>
      </section>
    );
  }

  const field = (name: keyof RequestFields, input: 'text' | 'email' | 'textarea', autoComplete?: string) => {
    const fieldId = `${id}-${name}`;
    const errorId = `${fieldId}-error`;
    const common = {
      id: fieldId,
      name,
      value: fields[name],
      required: true,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId : undefined,
      className: styles.requestInput,
    } as const;
    return (
      <div className={styles.requestField}>
        <label htmlFor={fieldId} className={styles.requestLabel}>
          {LABELS[name]}
          <span className={styles.requestRequired}>必須</span>
        </label>
        {input === 'textarea' ? (
          <textarea {...common} rows={4} onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))} />
        ) : (
          <input
            {...common}
            type={input}
            autoComplete={autoComplete}
            onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          />
        )}
        {errors[name] ? (
          <p id={errorId} className={styles.requestError}>
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.request}>
      <h2 id={`${id}-title`} className={styles.requestTitle}>
        入荷リクエスト
      </h2>
      <p className={styles.requestLead}>入荷・販売開始のご要望をお送りください。</p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        {field('name', 'text', 'name')}
        {field('email', 'email', 'email')}
        {field('body', 'textarea')}
        {formError ? (
          <p role="alert" className={styles.requestError}>
            {formError}
          </p>
        ) : null}
        <button type="submit" className={styles.requestButton} disabled={mutation.isPending}>
          {mutation.isPending ? '送信中…' : 'リクエストを送信'}
        </button>
      </form>
    </section>
  );
}
