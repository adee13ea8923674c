import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { systemMessageKeys } from '../domain/system-messages/system-message-queries';
import { applyGrant, clearSession } from '../api/session';
import { AccountLink } from './account-link';
import { DateText } from './date-text';
import { Pagination, pageHref, pageWindow } from './pagination';
import { Paragraphs, splitParagraphs } from './paragraphs';
import { Price } from './price';
import { SmartLink } from './smart-link';
import { FETCH_DELAY_MS, LoadingBlock, SPINNER_VARIANTS, Spinner } from './spinner';

describe('Spinner', () => {
  it('shows nothing for the first 200 ms of a wait (the default fetch delay), then the spinner', () => {
    vi.useFakeTimers();
    try {
      expect(FETCH_DELAY_MS).toBe(200);
      const { container } = render(<LoadingBlock label="商品を読み込み中" />);
      act(() => vi.advanceTimersByTime(199));
      expect(screen.queryByRole('status')).toBeNull();
      // The place is held, so nothing moves when it appears.
      expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('status', { name: '商品を読み込み中' })).toHaveAttribute('data-spinner', 'GSpinner0011');
    } finally {
      vi.useRealTimers();
    }
  });

  it('defaults to GSpinner0011 at 20 px with an accessible label', () => {
    render(<Spinner delay={0} />);
    const spinner = screen.getByRole('status', { name: '読み込み中' });
    expect(spinner).toHaveAttribute('data-spinner', 'GSpinner0011');
    expect(spinner.style.getPropertyValue('--spinner-size')).toBe('20px');
  });

  it('offers the variants 0000 to 0013', () => {
    expect(SPINNER_VARIANTS).toHaveLength(14);
    expect(SPINNER_VARIANTS[0]).toBe('0000');
    expect(SPINNER_VARIANTS[13]).toBe('0013');
    render(
      <div>
        {SPINNER_VARIANTS.map((v) => (
          <Spinner key={v} variant={v} size={32} label={`spinner ${v}`} delay={0} />
        ))}
      </div>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(14);
    expect(screen.getByRole('status', { name: 'spinner 0003' })).toHaveAttribute('data-spinner', 'GSpinner0003');
  });
});

describe('Pagination', () => {
  it('windows the page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
    expect(pageWindow(6, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });

  it('keeps other query parameters and drops page=1', () => {
    expect(pageHref('/news', '?page=2&sort=new', 3)).toBe('/news?page=3&sort=new');
    expect(pageHref('/news', '?page=2', 1)).toBe('/news');
  });

  it('links each page from {total, per, last, current}', () => {
    render(
      <MemoryRouter initialEntries={['/news?page=1']}>
        <Pagination pagination={{ total: 30, per: 10, last: 3, current: 1 }} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'ページ送り' });
    expect(within(nav).getByRole('link', { name: '1ページ目' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '2ページ目' })).toHaveAttribute('href', '/news?page=2');
    expect(within(nav).queryByRole('link', { name: /前へ/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /次へ/ })).toHaveAttribute('href', '/news?page=2');
  });

  it('renders nothing for a single page', () => {
    const { container } = render(
      <MemoryRouter>
        <Pagination pagination={{ total: 3, per: 10, last: 1, current: 1 }} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('accepts its own link builder', () => {
    render(
      <MemoryRouter>
        <Pagination pagination={{ total: 30, per: 10, last: 3, current: 3 }} hrefFor={(p) => `/list/${p}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /前へ/ })).toHaveAttribute('href', '/list/2');
    expect(screen.queryByRole('link', { name: /次へ/ })).not.toBeInTheDocument();
  });
});

describe('Price and DateText', () => {
  it('shows yen with separators, with the tax label on request', () => {
    const { container, rerender } = render(<Price value={1234} />);
    expect(container).toHaveTextContent(/^¥1,234$/);
    rerender(<Price value={15800} taxLabel />);
    expect(container).toHaveTextContent('¥15,800（税込）');
  });

  it('shows a date in Japan time in a <time> element', () => {
    render(<DateText value="2026-11-20T15:30:00Z" />);
    const time = screen.getByText('2026.11.21');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-20T15:30:00Z');
  });

  it('adds the time with withTime, and renders nothing for a bad value', () => {
    const { container, rerender } = render(<DateText value="2026-11-20T00:05:00Z" withTime />);
    expect(container).toHaveTextContent('2026.11.20 9:05');
    rerender(<DateText value="nope" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Paragraphs and SmartLink', () => {
  it('splits plain text on blank lines', () => {
    expect(splitParagraphs('一\n\n二\r\n\r\n  \n三\n続き')).toEqual(['一', '二', '三\n続き']);
    render(<Paragraphs text={'一\n\n二'} />);
    expect(screen.getByText('二').tagName).toBe('P');
  });

  it('opens external links in a new tab and refuses scripts', () => {
    render(
      <MemoryRouter>
        <SmartLink to="https://example.jp/">外部</SmartLink>
        <SmartLink to="javascript:alert(1)">危険</SmartLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '外部' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: '危険' })).not.toBeInTheDocument();
    expect(screen.getByText('危険').tagName).toBe('SPAN');
  });
});

describe('AccountLink', () => {
  function withClient(client: QueryClient) {
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }

  it('offers ログイン to a visitor and マイページ once logged in', () => {
    clearSession({ keepCart: true });
    const client = new QueryClient();
    client.setQueryData(systemMessageKeys.unread(), 0);
    const { rerender } = render(<AccountLink />, { wrapper: withClient(client) });
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');

    act(() => applyGrant({ access_token: 'abc', expires_in: 900 }));
    rerender(<AccountLink />);
    expect(screen.getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/mypage');
    act(() => clearSession({ keepCart: true }));
  });

  it('shows the number of unread messages beside マイページ, and says it to screen readers', () => {
    const client = new QueryClient();
    client.setQueryData(systemMessageKeys.unread(), 3);
    act(() => applyGrant({ access_token: 'abc', expires_in: 900 }));
    render(<AccountLink />, { wrapper: withClient(client) });
    const link = screen.getByRole('link', { name: 'マイページ（未読メッセージ3件）' });
    expect(link).toHaveAttribute('href', '/mypage');
    expect(within(link).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    act(() => clearSession({ keepCart: true }));
  });
});
