import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_TAGS,
  hasMarkup,
  isAllowedHref,
  MARKUP_HINT,
  plainTextHtml,
  previewHtml,
  sanitizeDescription,
  wrapSelection,
} from './description-markup';

describe('the description’s markup', () => {
  it('keeps exactly the contract’s tags and drops scripts, styles, event attributes, images and frames', () => {
    const html = sanitizeDescription(
      '<p onclick="steal()" style="color:red" class="x">綿<strong>100%</strong><script>alert(1)</script>' +
        '<style>p{}</style><img src=x onerror=alert(1)></p><iframe src="https://evil.example"></iframe>' +
        '<div>中身は残る</div><!-- メモ -->',
    );
    expect(html).toBe('<p>綿<strong>100%</strong></p>中身は残る');
    const every = DESCRIPTION_TAGS.filter(
      (tag) => !['a', 'br', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'].includes(tag),
    )
      .map((tag) => `<${tag}>${tag}</${tag}>`)
      .join('');
    expect(sanitizeDescription(every)).toBe(every);
    expect(
      sanitizeDescription('<table><thead><tr><th>幅</th></tr></thead><tbody><tr><td>40cm</td></tr></tbody></table>'),
    ).toBe('<table><thead><tr><th>幅</th></tr></thead><tbody><tr><td>40cm</td></tr></tbody></table>');
  });

  it('keeps only an allowed href, only on links, and gives every link its rel', () => {
    expect(
      sanitizeDescription(
        '<a href="javascript:alert(1)">x</a><a href="https://example.jp/size" target="_blank" title="t">サイズ表</a>' +
          '<a href="/products/cup">カップ</a><a href="//evil.example">外</a><p href="/x">段落</p>',
      ),
    ).toBe(
      '<a rel="noopener noreferrer nofollow">x</a>' +
        '<a href="https://example.jp/size" rel="noopener noreferrer nofollow">サイズ表</a>' +
        '<a href="/products/cup" rel="noopener noreferrer nofollow">カップ</a>' +
        '<a rel="noopener noreferrer nofollow">外</a><p>段落</p>',
    );
    expect(isAllowedHref('mailto:shop@example.jp')).toBe(true);
    expect(isAllowedHref('HTTPS://example.jp')).toBe(true);
    expect(isAllowedHref('/guide/size')).toBe(true);
    expect(isAllowedHref('//evil.example')).toBe(false);
    expect(isAllowedHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedHref('guide')).toBe(false);
  });

  it('shows text without a tag as plain paragraphs, as the storefront does', () => {
    const text = '耐熱温度 < 120℃ & 電子レンジ可\n食洗機可\r\n\r\n手洗いをおすすめします';
    expect(hasMarkup(text)).toBe(false);
    expect(plainTextHtml(text)).toBe(
      '<p>耐熱温度 &lt; 120℃ &amp; 電子レンジ可<br>食洗機可</p><p>手洗いをおすすめします</p>',
    );
    expect(previewHtml(text)).toBe(plainTextHtml(text));
    expect(hasMarkup('<b>x</b>')).toBe(true);
    expect(previewHtml('<a href="/x">x</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(previewHtml('')).toBe('');
  });

  it('wraps the selection in the toolbar’s markup and says where the wrapped words are', () => {
    expect(wrapSelection('綿100%の生地', 0, 5, 'bold')).toEqual({
      text: '<strong>綿100%</strong>の生地',
      start: 8,
      end: 13,
    });
    expect(wrapSelection('素材', 0, 2, 'heading').text).toBe('<h3>素材</h3>');
    expect(wrapSelection('職人より', 0, 4, 'quote').text).toBe('<blockquote>職人より</blockquote>');
    expect(wrapSelection('前\nS\n\nM\n後', 2, 6, 'bullets').text).toBe('前\n<ul>\n<li>S</li>\n<li>M</li>\n</ul>\n後');
    expect(wrapSelection('S', 0, 1, 'numbers').text).toBe('<ol>\n<li>S</li>\n</ol>');
    expect(wrapSelection('サイズ表はこちら', 0, 4, 'link', ' /guide?a=1&b="2" ').text).toBe(
      '<a href="/guide?a=1&amp;b=&quot;2&quot;">サイズ表</a>はこちら',
    );
    // Nothing selected: the tags go in at the caret, which ends up between them.
    expect(wrapSelection('ab', 1, 1, 'bold')).toEqual({ text: 'a<strong></strong>b', start: 9, end: 9 });
    expect(wrapSelection('', 0, 0, 'bullets')).toEqual({ text: '<ul>\n<li></li>\n</ul>', start: 9, end: 9 });
  });

  it('lists every allowed tag in the hint', () => {
    expect(MARKUP_HINT).toContain(DESCRIPTION_TAGS.join(' '));
  });
});
