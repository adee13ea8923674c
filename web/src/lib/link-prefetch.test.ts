import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_IDLE_TIMEOUT_MS, prefetchPathOf, startLinkPrefetch } from './link-prefetch';

/** jsdom has no layout: a stand-in IntersectionObserver whose "in view" the test decides. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Scrolls `els` into view. */
  show(els: Element[]) {
    const entries = els
      .filter((el) => this.observed.has(el))
      .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const observer = () => FakeIntersectionObserver.all.at(-1)!;

function links(html: string): HTMLAnchorElement[] {
  document.body.innerHTML = html;
  return [...document.querySelectorAll('a')];
}

let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('prefetch of linked screens on idle (timeout 2 s)', () => {
  it('without an idle callback, starts watching links 2 s after load and prefetches those in view once', async () => {
    const [product, news, again] = links(
      '<a href="/product/p1">商品</a><a href="/news">ニュース</a><a href="/product/p1">同じ</a>',
    );
    const prefetch = vi.fn();
    stop = startLinkPrefetch({ prefetch });
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS - 1);
    expect(observer().observed.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(observer().observed.size).toBe(3);
    // Only links in view are fetched, at the next idle moment.
    observer().show([product!, again!]);
    expect(prefetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    expect(prefetch.mock.calls).toEqual([['/product/p1']]);
    observer().show([news!]);
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    expect(prefetch.mock.calls).toEqual([['/product/p1'], ['/news']]);
  });

  it('starts only after the page’s load event', async () => {
    links('<a href="/news">ニュース</a>');
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    try {
      stop = startLinkPrefetch({ prefetch: vi.fn() });
      await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS * 3);
      expect(observer().observed.size).toBe(0);
      window.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
      expect(observer().observed.size).toBe(1);
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
  });

  it('asks for an idle moment with a 2 s timeout', () => {
    links('<a href="/faq">FAQ</a>');
    const idle = vi.fn((_cb: IdleRequestCallback, _options?: IdleRequestOptions) => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const prefetch = vi.fn();
    stop = startLinkPrefetch({ prefetch });
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    expect(observer().observed.size).toBe(0);
    idle.mock.calls[0]![0]({ didTimeout: false, timeRemaining: () => 10 });
    observer().show([...observer().observed]);
    expect(prefetch).not.toHaveBeenCalled();
    idle.mock.calls[1]![0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(prefetch).toHaveBeenCalledWith('/faq');
  });

  it('asks for the screens while the idle moment lasts, and the rest at the next one', () => {
    links('<a href="/faq">FAQ</a><a href="/news">ニュース</a><a href="/blog">ブログ</a>');
    const idle = vi.fn((_cb: IdleRequestCallback, _options?: IdleRequestOptions) => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const prefetch = vi.fn();
    stop = startLinkPrefetch({ prefetch });
    idle.mock.calls[0]![0]({ didTimeout: false, timeRemaining: () => 10 });
    observer().show([...observer().observed]);
    let left = 1;
    // Time for two screens (the third finds 5 ms or less left), then a busy page's timeout: one.
    idle.mock.calls[1]![0]({ didTimeout: false, timeRemaining: () => (left-- > 0 ? 10 : 0) });
    expect(prefetch.mock.calls).toEqual([['/faq'], ['/news']]);
    idle.mock.calls[2]![0]({ didTimeout: true, timeRemaining: () => 0 });
    expect(prefetch.mock.calls).toEqual([['/faq'], ['/news'], ['/blog']]);
  });

  it('picks up links that appear later at the next idle moment', async () => {
    links('<main></main>');
    const prefetch = vi.fn();
    stop = startLinkPrefetch({ prefetch });
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    document.querySelector('main')!.innerHTML = '<a href="/maker/m1">メーカー</a>';
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    observer().show([...observer().observed]);
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    expect(prefetch).toHaveBeenCalledWith('/maker/m1');
  });

  it('fetches nothing on a Save-Data connection', async () => {
    links('<a href="/news">ニュース</a>');
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const prefetch = vi.fn();
    stop = startLinkPrefetch({ prefetch });
    await vi.advanceTimersByTimeAsync(PREFETCH_IDLE_TIMEOUT_MS);
    expect(FakeIntersectionObserver.all).toHaveLength(0);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves other sites, anchors, downloads and new tabs alone', () => {
    const [other, anchor, file, tab, query] = links(
      '<a href="https://example.com/x">外部</a><a href="#row-1">行</a><a href="/x.pdf" download>PDF</a>' +
        '<a href="/news" target="_blank">別タブ</a><a href="/product?category=c1">カテゴリ</a>',
    );
    expect(prefetchPathOf(other!)).toBeNull();
    expect(prefetchPathOf(anchor!)).toBeNull();
    expect(prefetchPathOf(file!)).toBeNull();
    expect(prefetchPathOf(tab!)).toBeNull();
    expect(prefetchPathOf(query!)).toBe('/product');
  });
});
