import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { bootChannel } from '../app/boot';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { queryClient } from '../lib/query-client';
import { setNavigator } from '../lib/navigation';
import { createFakeFetch, json, type FakeFetch } from './fake-fetch';

export const demoSettings = {
  'SITE.NAME': 'モトバイクパーツ',
  'SITE.NAMESPACE': 'demo',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.THEME': 'simple',
  'SITE.TENANT': null,
  'SITE.IS_CORPORATE': false,
  'SITE.BREAKPOINT.SCREEN-SM': 767,
  'SITE.BREAKPOINT.SCREEN-MD': 1024,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING': true,
  NO_MEMBER_USE: false,
  'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN': false,
  'RECAPTCHA.VERSION': 3,
  'ORDER.PACKINGS': {
    wrappings: [{ key: 'gift', label: 'ギフトラッピング', price: 330 }],
    noshi: [
      { key: 'oiwai', label: '御祝' },
      { key: 'orei', label: '御礼' },
      { key: 'uchiiwai', label: '内祝' },
    ],
  },
};

export const demoLayout = {
  page: 'home',
  layout: 'default',
  header: { navigation: [{ label: 'ニュース', path: '/news' }] },
  footer: { navigation: [{ label: 'よくある質問', path: '/faq' }], copyright: '© モトバイクパーツ' },
};

/** A news item as GET /v1/news lists it: without a picture unless `picture` names one. */
export function newsItem(n: number, publishedAt = '2026-11-20T01:00:00Z', picture: string | null = null) {
  return {
    id: `id-${n}`,
    key: `news-${n}`,
    title: `お知らせ${n}`,
    summary: `概要${n}`,
    category: 'お知らせ',
    published_at: publishedAt,
    is_read: false,
    image_url: picture ? `/media/${picture}-1440.webp` : null,
    image_srcset: picture
      ? `/media/${picture}-240.webp 240w, /media/${picture}-480.webp 480w, /media/${picture}-1440.webp 1440w`
      : null,
  };
}

/**
 * An ALTCHA challenge of the bot check (domain/bot-check/bot-check) solved at 42 — the server's own
 * test vector (sha256('abc?expires=1795000600' + '42')) — and the header value that proves it.
 */
export const botChallenge = {
  kind: 'altcha',
  challenge: {
    algorithm: 'SHA-256',
    challenge: '4624c8dcf2fc4f3704d7635f5940ad6f67ce4f2582859061092a9f0410aaf3eb',
    maxnumber: 50_000,
    salt: 'abc?expires=1795000600',
    signature: 'a7d706607128ae1f22809b9bb9e024108bf9283b52f219ba6fb00afc4ca2565d',
  },
} as const;
const { algorithm, challenge, salt, signature } = botChallenge.challenge;
export const botProof = btoa(JSON.stringify({ algorithm, challenge, number: 42, salt, signature }));

/** A fake server answering the shell's calls for the demo channel. */
export function createSiteFake(): FakeFetch {
  return createFakeFetch()
    .on('GET', '/public.json', {
      channel: 'demo',
      name: 'モトバイクパーツ',
      theme: 'simple',
      tenant: null,
      api_base_url: '',
    })
    .on('GET', '/v1/settings/front', demoSettings)
    .on('GET', '/v1/colorschemes/selected/front', {
      id: 'cs1',
      name: '標準',
      colors: { primary: '#1a4d8f', on_primary: '#ffffff' },
    })
    .on('GET', '/v1/layouts/home', demoLayout)
    .on('GET', '/v1/layouts/news', { ...demoLayout, page: 'news' })
    .on('GET', '/v1/layouts/default', { ...demoLayout, page: 'default' })
    .on('GET', '/v1/messages', { data: [] })
    .on('GET', '/v1/bot-check', botChallenge)
    .on('GET', '/v1/pages/front/layout/home', { page: 'home', title: 'トップ', description: '', blocks: [] })
    .on('GET', '/v1/news/news-1', {
      ...newsItem(1),
      body: '一段落目です。\n\n二段落目です。',
      body_html: '<p>一段落目です。</p><p>二段落目です。</p>',
    })
    .on(
      'GET',
      '/v1/news',
      json(
        { data: [newsItem(1), newsItem(2)] },
        { headers: { 'x-total': '2', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
}

/**
 * Boots like main.tsx (public.json, client, session) and renders the app at `path`; `strict`
 * wraps it in StrictMode as main.tsx does (effects run twice on mount).
 */
export async function renderApp(path: string, fake: FakeFetch = createSiteFake(), options: { strict?: boolean } = {}) {
  queryClient.clear();
  const reload = vi.fn();
  const boot = await bootChannel(queryClient, { fetch: fake.fetch, reload, navigationType: () => 'navigate' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const app = (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, boot, fake, reload };
}
