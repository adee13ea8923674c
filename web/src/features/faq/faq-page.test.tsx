import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const qa = (id: string, question: string, category: 'shipping' | 'return') => ({
  id,
  question,
  answer: `${question}の答えです。`,
  category: category === 'shipping' ? { key: 'shipping', name: '配送' } : { key: 'return', name: '返品・交換' },
});
const all = [
  qa('1', '送料はいくらですか？', 'shipping'),
  qa('2', '配送日を指定できますか？', 'shipping'),
  qa('3', '返品はできますか？', 'return'),
];

function faqFake() {
  return createSiteFake()
    .on('GET', '/v1/qa-categories', {
      data: [
        { key: 'shipping', name: '配送', count: 2 },
        { key: 'return', name: '返品・交換', count: 1 },
      ],
    })
    .on('GET', '/v1/qas', (req) => {
      const params = new URL(req.url).searchParams;
      const keyword = params.get('keyword') ?? '';
      const category = params.get('category');
      const items = all.filter((q) => (!category || q.category.key === category) && q.question.includes(keyword));
      return json(
        { data: items },
        {
          headers: { 'x-total': String(items.length), 'x-per-page': '100', 'x-last-page': '1', 'x-current-page': '1' },
        },
      );
    });
}

describe('/faq', () => {
  it('groups questions by category; an accordion opens and closes its answer', async () => {
    const user = userEvent.setup();
    await renderApp('/faq', faqFake());

    const shipping = await screen.findByRole('region', { name: '配送' });
    const toggle = within(shipping).getByRole('button', { name: /送料はいくらですか？/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('送料はいくらですか？の答えです。')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('送料はいくらですか？の答えです。')).toBeVisible();
    expect(screen.getByRole('region', { name: /送料はいくらですか？/ })).toHaveAttribute(
      'id',
      toggle.getAttribute('aria-controls'),
    );
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: '返品・交換' })).toBeInTheDocument();
    // A question the list does not answer goes to the contact form.
    expect(screen.getByRole('link', { name: 'お問い合わせフォーム' })).toHaveAttribute('href', '/contact');
  });

  it('searches by keyword through the URL', async () => {
    const user = userEvent.setup();
    const fake = faqFake();
    const { router } = await renderApp('/faq', fake);

    await user.type(await screen.findByRole('searchbox', { name: 'キーワードで探す' }), '　返品 ');
    await user.click(screen.getByRole('button', { name: '検索' }));

    expect(await screen.findByText('「返品」の検索結果：1件')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keyword=%E8%BF%94%E5%93%81');
    expect(new URL(fake.callsTo('/v1/qas').at(-1)!.url).searchParams.get('keyword')).toBe('返品');
    expect(screen.queryByRole('button', { name: /送料はいくらですか？/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返品はできますか？/ })).toBeInTheDocument();
  });

  it('shows one category as the current tab', async () => {
    const fake = faqFake();
    await renderApp('/faq?category=return', fake);

    const tabs = await screen.findByRole('navigation', { name: '質問のカテゴリ' });
    expect(within(tabs).getByRole('link', { name: '返品・交換' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'すべて' })).toHaveAttribute('href', '/faq');
    expect(new URL(fake.callsTo('/v1/qas').at(-1)!.url).searchParams.get('category')).toBe('return');
    expect(screen.queryByRole('region', { name: '配送' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    await renderApp('/faq?keyword=zzz', faqFake());
    expect(
      await screen.findByText('該当する質問が見つかりませんでした。別のキーワードでお試しください。'),
    ).toBeInTheDocument();
  });
});
