/** The system message composer's fields and rules; the server checks them again (and the recipients). */
import type { RegisterOptions } from 'react-hook-form';
import type { Audience, Segment, SystemMessageDraft } from '../api/admin-types';
import { isEmail } from '../auth/login-schema';

export const TITLE_MAX = 100;
export const BODY_MAX = 4000;

export interface ComposeValues {
  audience: Audience;
  member_email: string;
  segment: Segment | '';
  title: string;
  body: string;
}

export const composeRules = {
  member_email: {
    validate: (value: string, form: ComposeValues) => {
      if (form.audience !== 'member') return true;
      if (value.trim() === '') return '会員のメールアドレスを入力してください';
      return isEmail(value) || 'メールアドレスの形式で入力してください';
    },
  },
  segment: {
    validate: (value: string, form: ComposeValues) =>
      form.audience !== 'segment' || value !== '' || 'セグメントを選んでください',
  },
  title: {
    validate: (value: string) => {
      if (value.trim() === '') return '件名を入力してください';
      return [...value.trim()].length <= TITLE_MAX || `件名は${TITLE_MAX}文字以内で入力してください`;
    },
  },
  body: {
    validate: (value: string) => {
      if (value.trim() === '') return '本文を入力してください';
      return [...value.trim()].length <= BODY_MAX || `本文は${BODY_MAX}文字以内で入力してください`;
    },
  },
} satisfies { [K in keyof ComposeValues]?: RegisterOptions<ComposeValues, K> };

/** The request body: only the field the chosen audience uses. */
export function toDraft(values: ComposeValues): SystemMessageDraft {
  return {
    audience: values.audience,
    member_email: values.audience === 'member' ? values.member_email.trim() : undefined,
    segment: values.audience === 'segment' && values.segment !== '' ? values.segment : undefined,
    title: values.title.trim(),
    body: values.body.trim(),
  };
}
