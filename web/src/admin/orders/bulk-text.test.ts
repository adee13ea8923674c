import { describe, expect, it } from 'vitest';
import { AdminApiError, FORBIDDEN_ERROR } from '../api/admin-client';
import {
  bulkErrorText,
  documentFileName,
  finishedText,
  previewSentence,
  printedText,
  progressText,
  resultText,
} from './bulk-text';
import { fileNameOf } from '../ui/save-file';

describe('the bulk actions’ words', () => {
  it('says how many orders change and how many are left out', () => {
    expect(previewSentence('confirm_payment', 12, 3)).toBe('12件を変更します。3件は対象外です。');
    expect(previewSentence('ship', 2, 0)).toBe('2件を変更します。');
    expect(previewSentence('mail_shipped', 4, 1)).toBe('4件に発送完了メールを再送します。1件は対象外です。');
    expect(previewSentence('prepare', 0, 2)).toBe('対象になる注文はありません。2件は対象外です。');
  });

  it('counts the progress and names each order’s result', () => {
    expect(progressText({ done: 5, total: 12 })).toBe('5/12件 処理済み');
    expect(resultText({ order_no: 'RP1', ok: true, message: '' })).toBe('変更しました');
    expect(resultText({ order_no: 'RP2', ok: false, message: 'キャンセル済みの注文です。' })).toBe(
      'キャンセル済みの注文です。',
    );
    expect(finishedText({ state: 'done', changed: 2, skipped: 0, done: 2, total: 2 })).toBe('2件を変更しました。');
    expect(finishedText({ state: 'done', changed: 2, skipped: 1, done: 3, total: 3 })).toBe(
      '2件を変更しました（1件は対象外）。',
    );
    expect(finishedText({ state: 'failed', changed: 1, skipped: 0, done: 1, total: 3 })).toMatch(
      /^処理が途中で止まりました（1\/3件 処理済み）/,
    );
  });

  it('gives a 403 the role’s sentence and a 422 its field messages', () => {
    expect(
      bulkErrorText(new AdminApiError(403, { message: '入金を確認する権限がありません。', code: 'staff.forbidden' })),
    ).toBe(FORBIDDEN_ERROR);
    expect(
      bulkErrorText(
        new AdminApiError(422, {
          message: '入力内容をご確認ください。',
          errors: { paid_on: ['入金日に未来の日付は指定できません。'] },
        }),
      ),
    ).toBe('入金日に未来の日付は指定できません。');
    expect(bulkErrorText(new AdminApiError(422, { message: '注文を選んでください。' }))).toBe('注文を選んでください。');
  });

  it('names the printed PDF and tells what was left out', () => {
    expect(documentFileName('picking_list', '2026-11-30')).toBe('ピッキングリスト_20261130.pdf');
    expect(printedText('packing_slip', 3, 0)).toBe('納品書（3件）をPDFで出力しました。');
    expect(printedText('receipt', 3, 2)).toBe(
      '領収書（1件）をPDFで出力しました。2件は対象外のため出力しませんでした。',
    );
  });

  it('reads the file name of a Content-Disposition header, the UTF-8 one first', () => {
    expect(
      fileNameOf(`attachment; filename="picking-list-20261130.pdf"; filename*=UTF-8''picking-list-20261130.pdf`),
    ).toBe('picking-list-20261130.pdf');
    expect(fileNameOf(`attachment; filename="___.pdf"; filename*=UTF-8''%E7%B4%8D%E5%93%81%E6%9B%B8.pdf`)).toBe(
      '納品書.pdf',
    );
    expect(fileNameOf('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
