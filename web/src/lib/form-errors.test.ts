import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkIgnoredError } from './api-error';
import {
  GENERIC_ERROR_MESSAGE,
  applyMutationErrors,
  applyServerErrors,
  errorMessage,
  hasFieldErrors,
} from './form-errors';

type Fields = { email: string; code: string; password: string };

describe('applyServerErrors', () => {
  it('puts 422 field messages on their fields, focusing the first, and leaves nothing for the form', () => {
    const setError = vi.fn();
    const error = new ApiError(422, {
      message: '入力内容をご確認ください',
      errors: { email: ['メールアドレスの形式で入力してください'], password: ['必須項目です', '二つ目'] },
    });

    expect(applyServerErrors<Fields>(error, setError, ['email', 'password'])).toBeNull();

    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'メールアドレスの形式で入力してください' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'password',
      { type: 'server', message: '必須項目です' },
      { shouldFocus: false },
    );
  });

  it('maps server keys to form fields and matches a nested key by its last part', () => {
    const setError = vi.fn();
    const error = new ApiError(422, {
      message: 'x',
      errors: { verify_code: ['コードが違います'], 'user.email': ['使用済みです'] },
    });

    applyServerErrors<Fields>(error, setError, { verify_code: 'code', email: 'email' });

    expect(setError.mock.calls.map((c) => c[0])).toEqual(['code', 'email']);
  });

  it('returns messages of fields the form does not have, and the message of an error without fields', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<Fields>(new ApiError(422, { message: 'x', errors: { other: ['別の項目です'] } }), setError, [
        'email',
      ]),
    ).toBe('別の項目です');
    expect(
      applyServerErrors<Fields>(
        new ApiError(422, { message: 'メールアドレスまたはパスワードが正しくありません', code: 'auth.login.failed' }),
        setError,
        ['email'],
      ),
    ).toBe('メールアドレスまたはパスワードが正しくありません');
    expect(setError).not.toHaveBeenCalled();
  });

  it('says nothing for what the client already handled, and something generic for the unknown', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Fields>(new NetworkIgnoredError(), setError, ['email'])).toBeNull();
    expect(applyServerErrors<Fields>(new ApiError(401, { message: '認証' }, true), setError, ['email'])).toBeNull();
    expect(applyServerErrors<Fields>(new DOMException('x', 'AbortError'), setError, ['email'])).toBeNull();
    expect(applyServerErrors<Fields>(new Error('boom'), setError, ['email'])).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('applyMutationErrors', () => {
  const fieldError = new ApiError(422, {
    message: '入力内容をご確認ください',
    errors: { password: ['必須項目です'], other: ['別の項目です'] },
  });

  it('leaves the form silent for every failure the query client toasts', () => {
    const setError = vi.fn();
    for (const error of [
      new ApiError(422, { message: 'メールアドレスまたはパスワードが正しくありません', code: 'auth.login.failed' }),
      new ApiError(429, { message: 'しばらく時間をおいてから再度お試しください' }),
      new ApiError(500, { message: 'エラーが発生しました' }),
      new Error('boom'),
      new NetworkIgnoredError(),
    ]) {
      expect(hasFieldErrors(error)).toBe(false);
      expect(applyMutationErrors<Fields>(error, setError, ['password'])).toBeNull();
    }
  });

  it('puts field errors on the fields and says what no field can', () => {
    const setError = vi.fn();
    expect(hasFieldErrors(fieldError)).toBe(true);
    expect(applyMutationErrors<Fields>(fieldError, setError, ['password'])).toBe('別の項目です');
    expect(setError).toHaveBeenCalledWith(
      'password',
      { type: 'server', message: '必須項目です' },
      { shouldFocus: true },
    );
  });

  it("adds the 422's own message on request, unless it repeats a field's", () => {
    const setError = vi.fn();
    const onField = new ApiError(422, { message: '入力内容をご確認ください', errors: { password: ['必須項目です'] } });
    expect(applyMutationErrors<Fields>(onField, setError, ['password'])).toBeNull();
    expect(applyMutationErrors<Fields>(onField, setError, ['password'], { headline: true })).toBe(
      '入力内容をご確認ください',
    );
    const same = new ApiError(422, { message: '必須項目です', errors: { password: ['必須項目です'] } });
    expect(applyMutationErrors<Fields>(same, setError, ['password'], { headline: true })).toBeNull();
  });
});

describe('errorMessage', () => {
  it("is the server's message, a generic one for the unknown, and nothing for what the client handled", () => {
    expect(errorMessage(new ApiError(404, { message: 'リンクが無効か期限切れです' }))).toBe(
      'リンクが無効か期限切れです',
    );
    expect(errorMessage(new TypeError('x'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new ApiError(503, { message: 'メンテナンス中' }, true))).toBeNull();
  });
});
