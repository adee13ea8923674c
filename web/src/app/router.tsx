/**
 * The whole route table of spec/routes.txt. Screens load lazily (a failed chunk reloads the page
 * at most once per 60 s).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type LoaderFunction, type RouteObject } from 'react-router';
import { siteLayoutQuery } from '../domain/site/site-queries';
import { productDetailLoader, productListLoader } from '../features/catalog/product-loaders';
import { contentFrame } from '../features/pages/content-route';
import { withChunkReload } from '../lib/chunk-reload';
import { queryClient } from '../lib/query-client';
import { nextTask } from '../lib/wait';
import { bootSite } from './boot';
import { RouteErrorPage } from './error-page';
import { loadWaitLoader } from './load-wait';
import { withGuards, type AccessHandle } from './route-guard';
import { SiteLayout, type RouteHandle } from './layouts/site-layout';
import { BootFallback, RootShell } from './root-shell';

interface ScreenModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

type Lazy = () => Promise<Pick<RouteObject, 'Component' | 'loader'>>;

/** Each screen's bare import, for `preloadScreen` (a failed preload is silent: the route retries). */
const preloads = new WeakMap<Lazy, () => Promise<unknown>>();

function screen(load: () => Promise<ScreenModule>): Lazy {
  const guarded = withChunkReload(load);
  const lazy: Lazy = async () => {
    const module = await guarded();
    // Every screen first waits for the pending load tasks (app/load-wait).
    return { Component: module.Component, loader: loadWaitLoader(module.loader) };
  };
  preloads.set(lazy, load);
  return lazy;
}

const home = screen(() => import('../features/home/home-page'));
const newsList = screen(() => import('../features/news/news-list-page'));
const newsDetail = screen(() => import('../features/news/news-detail-page'));
const productList = screen(() => import('../features/catalog/product-list-page'));
const productDetail = screen(() => import('../features/catalog/product-detail-page'));
const orderSheet = screen(() => import('../features/catalog/order-sheet-page'));
const makerList = screen(() => import('../features/catalog/maker-list-page'));
const makerDetail = screen(() => import('../features/catalog/maker-detail-page'));
const brandList = screen(() => import('../features/catalog/brand-list-page'));
const blogList = screen(() => import('../features/blog/blog-list-page'));
const blogDetail = screen(() => import('../features/blog/blog-detail-page'));
const faq = screen(() => import('../features/faq/faq-page'));
const sitemap = screen(() => import('../features/pages/sitemap-page'));
const popupList = screen(() => import('../features/popup/popup-list-page'));
const catalogOrder = screen(() => import('../features/print-catalog/catalog-order-page'));
const flipBook = screen(() => import('../features/print-catalog/flip-book-page'));
const stylistList = screen(() => import('../features/stylist/stylist-list-page'));
const stylistDetail = screen(() => import('../features/stylist/stylist-detail-page'));
/** Landing pages (`/lp/<slug>`) and static pages by path, else 404: see content-route.ts. */
const contentPage = screen(() => import('../features/pages/content-page'));
const maintenance = screen(() => import('./maintenance-page'));
const login = screen(() => import('../features/auth/login-page'));
const loginSync = screen(() => import('../features/auth/login-sync-page'));
const unlock = screen(() => import('../features/auth/unlock-page'));
const registerForm = screen(() => import('../features/auth/register-page'));
const registerComplete = screen(() => import('../features/auth/register-complete-page'));
const verify = screen(() => import('../features/auth/verify-page'));
const verifyEmail = screen(() => import('../features/auth/verify-email-page'));
const oauthCallback = screen(() => import('../features/auth/oauth-callback-page'));
const reminderRequest = screen(() => import('../features/reminder/reminder-request-page'));
const reminderReset = screen(() => import('../features/reminder/reminder-reset-page'));
const usernameRequest = screen(() => import('../features/reminder/username-request-page'));
const usernameReset = screen(() => import('../features/reminder/username-reset-page'));
const mypageHome = screen(() => import('../features/account/mypage-home-page'));
const userInfo = screen(() => import('../features/account/user-info-page'));
const userInfoEdit = screen(() => import('../features/account/user-info-edit-page'));
const passwordChange = screen(() => import('../features/account/password-page'));
const loginHistory = screen(() => import('../features/account/login-history-page'));
const logoutScreen = screen(() => import('../features/account/logout-page'));
const leave = screen(() => import('../features/account/leave-page'));
const addressList = screen(() => import('../features/account/address-list-page'));
const addressAdd = screen(() => import('../features/account/address-add-page'));
const addressEdit = screen(() => import('../features/account/address-edit-page'));
const orderHistory = screen(() => import('../features/orders/order-history-page'));
const orderDetail = screen(() => import('../features/orders/order-detail-page'));
const guestReceipt = screen(() => import('../features/orders/guest-receipt-page'));
const cardList = screen(() => import('../features/wallet/card-list-page'));
const cardAdd = screen(() => import('../features/wallet/card-add-page'));
const points = screen(() => import('../features/wallet/point-page'));
const coupons = screen(() => import('../features/wallet/coupon-page'));
const cartIndex = screen(() => import('../features/cart/cart-page'));
const cartShippingSelect = screen(() => import('../features/cart/shipping-select-page'));
const cartShippingAdd = screen(() => import('../features/cart/shipping-add-page'));
const cartShippingDetail = screen(() => import('../features/cart/shipping-detail-page'));
const cartPayment = screen(() => import('../features/cart/payment-page'));
const cartConfirm = screen(() => import('../features/cart/confirm-page'));
const cartComplete = screen(() => import('../features/cart/complete-page'));
const cartAuthentication = screen(() => import('../features/cart/authentication-page'));
const giftLanding = screen(() => import('../features/social-gift/gift-page'));
const giftShipping = screen(() => import('../features/social-gift/gift-shipping-page'));
const giftDelivery = screen(() => import('../features/social-gift/gift-delivery-page'));
const giftConfirm = screen(() => import('../features/social-gift/gift-confirm-page'));
const giftComplete = screen(() => import('../features/social-gift/gift-complete-page'));
const favorites = screen(() => import('../features/favorites/favorites-page'));
const favoriteList = screen(() => import('../features/favorites/favorite-list-page'));
const bookmarks = screen(() => import('../features/bookmarks/bookmarks-page'));
const productHistory = screen(() => import('../features/member-history/product-history-page'));
const searchHistory = screen(() => import('../features/member-history/search-history-page'));
const requestHistory = screen(() => import('../features/member-history/request-history-page'));
const memorialList = screen(() => import('../features/memorial/memorial-list-page'));
const memorialAdd = screen(() => import('../features/memorial/memorial-add-page'));
const memorialEdit = screen(() => import('../features/memorial/memorial-edit-page'));
const measurement = screen(() => import('../features/measurement/measurement-page'));
const measurementEdit = screen(() => import('../features/measurement/measurement-edit-page'));
const embroideryList = screen(() => import('../features/name-embroidery/name-embroidery-list-page'));
const embroideryEdit = screen(() => import('../features/name-embroidery/name-embroidery-edit-page'));
const contactForm = screen(() => import('../features/contact/contact-page'));
const contactConfirm = screen(() => import('../features/contact/contact-confirm-page'));
const contactComplete = screen(() => import('../features/contact/contact-complete-page'));
const guestThread = screen(() => import('../features/inquiries/guest-thread-page'));
const inquiryHistory = screen(() => import('../features/inquiries/inquiry-history-page'));
const inquiryDetail = screen(() => import('../features/inquiries/inquiry-detail-page'));
const messageList = screen(() => import('../features/message-center/message-list-page'));
const messageDetail = screen(() => import('../features/message-center/message-detail-page'));

const homeHandle: RouteHandle = { layoutPage: 'home' };
const newsHandle: RouteHandle = { layoutPage: 'news' };
const productHandle: RouteHandle = { layoutPage: 'product' };
const contentHandle: RouteHandle = { frame: contentFrame };
/** Pages for visitors only (login and similar) and for members only (spec 000 §6; route-guard.ts). */
const guestOnly: AccessHandle = { access: 'guest' };
const memberOnly: AccessHandle = { access: 'member' };

const at = (path: string, lazy: Lazy, handle?: RouteHandle): RouteObject =>
  handle ? { path, lazy, handle } : { path, lazy };

/** Every screen of the site layout, grouped by area as in the spec. */
export const siteScreens: RouteObject[] = [
  // Home
  { index: true, lazy: home, handle: homeHandle },
  at('ec', home, homeHandle),
  // Content
  at('blog', blogList),
  at('blog/:key', blogDetail),
  at('brand', brandList),
  at('faq', faq),
  at('flip-book', flipBook),
  at('maker', makerList),
  at('maker/:key', makerDetail),
  at('news', newsList, newsHandle),
  at('news/:key', newsDetail, newsHandle),
  at('popup', popupList),
  at('sitemap', sitemap),
  at('stylist', stylistList),
  at('stylist/:key', stylistDetail),
  at('catalog-order', catalogOrder),
  at('coupon', coupons),
  // Catalogue
  // Their loaders are in the first bundle, so the data is asked for while the screen downloads.
  { ...at('product', productList, productHandle), loader: loadWaitLoader(productListLoader) },
  { ...at('product/:key', productDetail, productHandle), loader: loadWaitLoader(productDetailLoader) },
  // まとめて注文: the spec names only the route; its reading is in features/catalog/order-sheet.ts.
  at('product/:key/uos', orderSheet, productHandle),
  // Cart and checkout
  at('cart', cartIndex),
  // Back from the card's 本人認証 (docs/contracts/three-d-secure.md; not in routes.txt).
  at('cart/authentication', cartAuthentication),
  at('cart/complete', cartComplete),
  at('cart/confirm', cartConfirm),
  at('cart/payment', cartPayment),
  at('cart/shipping-add', cartShippingAdd),
  at('cart/shipping-detail', cartShippingDetail),
  at('cart/shipping-select', cartShippingSelect),
  at('orders/receipt', guestReceipt),
  // Contact
  at('contact', contactForm),
  at('contact/confirm', contactConfirm),
  at('contact/complete', contactComplete),
  // A guest's thread, from the links of the mails (docs/inquiries-api.md; not in routes.txt).
  at('contact/thread/:key', guestThread),
  // Auth and registration
  {
    handle: guestOnly,
    children: [
      at('login', login),
      at('login_sync', loginSync),
      at('register', registerForm),
      at('reminder', reminderRequest),
      at('reminder/reset', reminderReset),
      at('reminder/username', usernameRequest),
      at('reminder/username/reset', usernameReset),
    ],
  },
  at('login/unlock', unlock),
  at('register/complete', registerComplete),
  at('verify', verify),
  at('verify/email', verifyEmail),
  at('oauth/callback', oauthCallback),
  // Social gift: the recipient's screens (no login; the link's token is kept for the steps).
  at('social-gift', giftLanding),
  at('social-gift/:key?/complete', giftComplete),
  at('social-gift/confirm', giftConfirm),
  at('social-gift/delivery', giftDelivery),
  at('social-gift/shipping', giftShipping),
  // Mypage: members only.
  {
    handle: memberOnly,
    children: [
      at('mypage', mypageHome),
      at('mypage/address', addressList),
      at('mypage/address/add', addressAdd),
      at('mypage/address/:key/edit', addressEdit),
      at('mypage/bookmark', bookmarks),
      at('mypage/card', cardList),
      at('mypage/card/add', cardAdd),
      at('mypage/inquiry_history', inquiryHistory),
      at('mypage/inquiry_history/:key', inquiryDetail),
      at('mypage/leave', leave),
      at('mypage/list', favorites),
      at('mypage/list/:key', favoriteList),
      at('mypage/login_history', loginHistory),
      at('mypage/logout', logoutScreen),
      at('mypage/measurement', measurement),
      at('mypage/measurement/edit', measurementEdit),
      at('mypage/memorial', memorialList),
      at('mypage/memorial/add', memorialAdd),
      at('mypage/memorial/:key/edit', memorialEdit),
      at('mypage/message-center', messageList),
      at('mypage/message-center/:key', messageDetail),
      at('mypage/name-embroidery', embroideryList),
      at('mypage/name-embroidery/edit', embroideryEdit),
      at('mypage/order_history', orderHistory),
      at('mypage/order_history/:key', orderDetail),
      at('mypage/password', passwordChange),
      at('mypage/point', points),
      at('mypage/product_history', productHistory),
      at('mypage/product_request_history', requestHistory),
      at('mypage/product_search_history', searchHistory),
      at('mypage/user_info', userInfo),
      at('mypage/user_info/edit', userInfoEdit),
    ],
  },
  // Anything else: a landing or static page the server knows, or the 404 page.
  { path: '*', lazy: contentPage, handle: contentHandle },
];

/**
 * The screens a path whose first segment is `segment` can reach: the routes whose own first
 * segment is that one, a parameter or a splat, in their groups (handles kept).
 */
function screensFrom(routes: RouteObject[], segment: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    if (route.index) {
      if (segment === '') kept.push(route);
    } else if (route.path !== undefined) {
      const first = route.path.replace(/^\//, '').split('/')[0]?.toLowerCase() ?? '';
      if (first === segment || first === '' || first.startsWith(':') || first.startsWith('*')) kept.push(route);
    } else {
      const children = screensFrom(route.children ?? [], segment);
      if (children.length > 0) kept.push({ ...route, children } as RouteObject);
    }
  }
  return kept;
}

const screensBySegment = new Map<string, RouteObject[]>();
const MAX_CACHED_SEGMENTS = 200;

/**
 * `matchRoutes(siteScreens, pathname)`, the same answer, over only the screens that share the
 * path's first segment: React Router flattens and ranks the whole table (a hundred routes) on
 * every call, and the first page's preload and each link prefetch were long tasks on a slow phone
 * because of it (about 7 ms each at Lighthouse's 4x CPU slowdown).
 */
export function matchScreens(pathname: string) {
  const raw = pathname.split('/').find((part) => part !== '') ?? '';
  let segment = raw;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    // A malformed escape: React Router keeps it as it is too.
  }
  segment = segment.toLowerCase();
  let screens = screensBySegment.get(segment);
  if (!screens) {
    screens = screensFrom(siteScreens, segment);
    // Every unknown first segment (a mistyped or crawled address) would add an entry: the
    // table's own segments are far fewer than this, so a full map is starting over.
    if (screensBySegment.size >= MAX_CACHED_SEGMENTS) screensBySegment.clear();
    screensBySegment.set(segment, screens);
  }
  return matchRoutes(screens, pathname);
}

/** The `/v1/layouts/{page}` entry that frames `pathname` (as SiteLayout picks it from the matches). */
export function layoutPageOf(pathname: string): string {
  const matches = matchScreens(pathname) ?? [];
  return (
    matches
      .map((m) => (m.route.handle as RouteHandle | undefined)?.layoutPage)
      .filter(Boolean)
      .at(-1) ?? 'default'
  );
}

/**
 * Starts downloading the screen of `pathname` (its chunk, the chunks it imports and their CSS)
 * at once: main.tsx calls it before public.json answers, so the first screen's code arrives
 * alongside instead of after it. The router's own import then finds the module loaded.
 */
export function preloadScreen(pathname: string): void {
  for (const match of matchScreens(pathname) ?? []) {
    const load = typeof match.route.lazy === 'function' ? preloads.get(match.route.lazy as Lazy) : undefined;
    load?.().catch(() => undefined);
  }
}

/**
 * The site frame's data, once per visit: settings and colour scheme (bootSite) and the layout
 * entry of the first page, awaited together so the header and footer render complete in the
 * first paint (no shift when the navigation arrives later). The popup list is not asked for
 * here: popups never cover the landing page (PopupHost), and the first page's requests go first.
 */
async function siteLoader({ request }: { request: Request }) {
  // After the router's own start and the screen's loader, in a task of its own (lib/wait).
  await nextTask();
  const pathname = new URL(request.url).pathname;
  const frame = Promise.all([
    bootSite(queryClient),
    queryClient.ensureQueryData(siteLayoutQuery(layoutPageOf(pathname))).catch(() => null),
  ]);
  const [settings] = await frame;
  return settings;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: BootFallback,
    errorElement: <RouteErrorPage />,
    children: [
      // Outside the site layout: works without settings while the shop is down.
      { path: 'maintenance', lazy: maintenance },
      {
        id: 'site',
        Component: SiteLayout,
        loader: siteLoader,
        shouldRevalidate: () => false,
        // Screen errors render inside the layout, with header and footer.
        children: [{ errorElement: <RouteErrorPage />, children: withGuards(siteScreens) }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
