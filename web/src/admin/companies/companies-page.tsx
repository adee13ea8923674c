/**
 * 法人会員 (corporate shops): the companies that registered, those waiting for the shop's
 * approval of 請求書払い first. Staff with `shop_settings` (owner, manager) approve a company or
 * withdraw the approval (after a confirmation: the company's preferred 請求書払い is cleared with
 * it); the others see the list only. The filter lives in the address (?invoice&q&page).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../api/admin-client';
import type { Company } from '../api/admin-types';
import { useIsCorporateShop, useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { filterBar } from '../ui/filter-bar';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { type CompanyFilter, companiesQuery, type InvoiceFilter, useInvoiceApproval } from './company-queries';
import styles from './companies.module.css';

const INVOICE_FILTERS: Record<InvoiceFilter, string> = {
  unapproved: '未承認',
  approved: '承認済み',
  all: 'すべて',
};

function readFilter(params: URLSearchParams): CompanyFilter {
  const invoice = params.get('invoice');
  return {
    invoice: invoice === 'approved' || invoice === 'all' ? invoice : 'unapproved',
    q: params.get('q') ?? '',
    page: pageParam(params),
  };
}

function filterSearch({ invoice, q }: Omit<CompanyFilter, 'page'>): string {
  const params = new URLSearchParams();
  if (invoice !== 'unapproved') params.set('invoice', invoice);
  if (q) params.set('q', q);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function CompaniesPage() {
  const isCorporate = useIsCorporateShop();
  return (
    <>
      <title>法人会員 | 管理画面</title>
      <h1>法人会員</h1>
      {isCorporate ? (
        <Companies />
      ) : (
        <p role="alert">このショップは法人向けではないため、法人会員の管理はありません。</p>
      )}
    </>
  );
}

function Companies() {
  const mayManage = useCan()('shop_settings');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const list = useQuery(companiesQuery(filter));
  const [invoice, setInvoice] = useState(filter.invoice);
  const [q, setQ] = useState(filter.q);
  const [notice, setNotice] = useState<string | null>(null);
  // The mutation lives here, not in the row: an approved company leaves the 未承認 list (and its
  // row unmounts) before the answer's callbacks would reach a row-level mutation.
  const approval = useInvoiceApproval();
  function decide(company: Company, approved: boolean, done: () => void) {
    const name = companyName(company);
    approval.mutate(
      { id: company.id, approved },
      {
        onSuccess: () => {
          done();
          setNotice(approved ? `${name}の請求書払いを承認しました。` : `${name}の請求書払いの承認を取り消しました。`);
        },
      },
    );
  }
  // Back/forward changes the address: the form follows it.
  useEffect(() => {
    setInvoice(filter.invoice);
    setQ(filter.q);
  }, [filter.invoice, filter.q]);

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(new URLSearchParams(filterSearch({ invoice, q: q.trim() })));
  }

  return (
    <>
      <p className={styles.lead}>
        請求書払い（後払い）は、ここで承認した法人様だけがお支払い方法に選べます。
        {mayManage ? null : '承認と取り消しは店舗オーナーまたは店長のみ行えます。'}
      </p>
      <StatusNotice message={notice} />
      <FormAlert message={approval.isError ? errorText(approval.error) : null} />
      <form onSubmit={search} aria-label="法人会員の絞り込み">
        <div className={filterBar.fields}>
          <Field label="請求書払い">
            {(control) => (
              <select
                {...control}
                value={invoice}
                onChange={(event) => setInvoice(event.target.value as InvoiceFilter)}
              >
                {Object.entries(INVOICE_FILTERS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="キーワード" hint="会社名・ご担当者名・メールアドレス・会員番号から探します。">
            {(control) => <input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />}
          </Field>
        </div>
        <div className={filterBar.actions}>
          <button type="submit" className={ui.button}>
            検索
          </button>
          {filter.q || filter.invoice !== 'unapproved' ? (
            <Link to={{ search: '' }} className={ui.secondary}>
              条件をクリア
            </Link>
          ) : null}
        </div>
      </form>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当する法人会員はいません。</p>
      ) : (
        <>
          <table className={table.table}>
            <caption className="visually-hidden">{`法人会員（請求書払い：${INVOICE_FILTERS[filter.invoice]}）`}</caption>
            <thead>
              <tr>
                <th scope="col">会員番号</th>
                <th scope="col">会社名</th>
                <th scope="col">ご担当者</th>
                <th scope="col">希望の支払方法</th>
                <th scope="col">登録日時</th>
                <th scope="col">請求書払い</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((company) => (
                <tr key={company.id}>
                  <td data-label="会員番号" className={table.nowrap}>
                    {company.code}
                  </td>
                  {/* One block per cell: on a phone a cell lays out its label and its content side by side. */}
                  <td data-label="会社名">
                    <div>
                      {company.corporation || '（未入力）'}
                      {company.department ? <span className={styles.sub}>{company.department}</span> : null}
                    </div>
                  </td>
                  <td data-label="ご担当者">
                    <div>
                      {company.name}
                      <span className={styles.sub}>
                        {company.email} {company.is_email_verified ? null : <Badge>メール未確認</Badge>}
                      </span>
                      {company.phone_number ? <span className={styles.sub}>{company.phone_number}</span> : null}
                    </div>
                  </td>
                  <td data-label="希望の支払方法">{company.payment_label || '—'}</td>
                  <td data-label="登録日時" className={table.nowrap}>
                    <DateTime value={company.created_at} />
                  </td>
                  <td data-label="請求書払い">
                    <div className={styles.approval}>
                      {company.invoice_approved ? <Badge tone="member">承認済み</Badge> : <Badge>未承認</Badge>}
                      {mayManage ? (
                        <ApprovalAction
                          company={company}
                          pending={approval.isPending && approval.variables?.id === company.id}
                          onDecide={decide}
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

function companyName(company: Company): string {
  return company.corporation || company.name;
}

interface ApprovalActionProps {
  company: Company;
  pending: boolean;
  onDecide: (company: Company, approved: boolean, done: () => void) => void;
}

/** 承認する at once; 承認を取り消す after a confirmation that says what else it changes. */
function ApprovalAction({ company, pending, onDecide }: ApprovalActionProps) {
  const [confirming, setConfirming] = useState(false);
  const name = companyName(company);

  if (!company.invoice_approved) {
    return (
      <div className={styles.confirm}>
        <button
          type="button"
          className={ui.button}
          disabled={pending}
          aria-label={`${name}の請求書払いを承認する`}
          onClick={() => onDecide(company, true, () => undefined)}
        >
          承認する
        </button>
      </div>
    );
  }
  return (
    <div className={styles.confirm}>
      {confirming ? (
        <>
          <p>{`${name}の承認を取り消しますか？ 希望の支払方法が請求書払いの場合は、その設定も解除されます。`}</p>
          <div className={styles.buttons}>
            <button
              type="button"
              className={ui.danger}
              disabled={pending}
              onClick={() => onDecide(company, false, () => setConfirming(false))}
            >
              取り消す
            </button>
            <button type="button" className={ui.secondary} onClick={() => setConfirming(false)}>
              やめる
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className={ui.secondary}
          aria-label={`${name}の請求書払いの承認を取り消す`}
          onClick={() => setConfirming(true)}
        >
          承認を取り消す
        </button>
      )}
    </div>
  );
}
