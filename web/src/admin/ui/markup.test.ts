import { describe, expect, it } from 'vitest';
import {
  MARKUP_TAGS,
  hasMarkup,
  isAllowedHref,
  MARKUP_HINT,
  plainTextHtml,
  previewHtml,
  sanitizeMarkup,
  wrapSelection,
} from './markup';

describe('the rich text fields’ markup', () => {
  it('keeps exactly the contract’s tags and drops scripts, styles, event attributes, images and frames', () => {
    const html = sanitizeMarkup(
      '<p onclick="steal()" style="color:red" class="x">綿<strong>100%</strong><script>alert(1)</script>' +
        '<style>p{}</style><img src=x onerror=alert(1)></p><iframe src="https://evil.example"></iframe>' +
        '<div>中身は残る</div><!-- メモ -->',
    );
    expect(html).toBe('<p>綿<strong>100%</strong></p>中身は残る');
    const every = MARKUP_TAGS.filter(
      (tag) => !['a', 'br', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'].includes(tag),
    )
      .map((tag) => `<${tag}>${tag}</${tag}>`)
      .join('');
    expect(sanitizeMarkup(every)).toBe(every);
    expect(
      sanitizeMarkup('<table><thead><tr><th>幅</th></tr></thead><tbody><tr><td>40cm</td></tr></tbody></table>'),
    ).toBe('<table><thead><tr><th>幅</th></tr></thead><tbody><tr><td>40cm</td></tr></tbody></table>');
  });

  it('keeps only an allowed href, only on links, and gives every link its rel', () => {
    expect(
      sanitizeMarkup(
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
    const marked = '<p>綿100%の生地</p>';
    expect(wrapSelection(marked, 3, 8, 'bold')).toEqual({
      text: '<p><strong>綿100%</strong>の生地</p>',
      start: 11,
      end: 16,
    });
    expect(wrapSelection('<p>x</p>素材', 8, 10, 'heading').text).toBe('<p>x</p><h3>素材</h3>');
    expect(wrapSelection('<br>前\nS\nM\n後', 6, 9, 'bullets').text).toBe(
      '<br>前\n<ul>\n<li>S</li>\n<li>M</li>\n</ul>\n後',
    );
    expect(wrapSelection('<hr>サイズ表はこちら', 4, 8, 'link', ' /guide?a=1&b="2" ').text).toBe(
      '<hr><a href="/guide?a=1&amp;b=&quot;2&quot;">サイズ表</a>はこちら',
    );
    // Nothing selected: the tags go in at the caret, which ends up between them.
    expect(wrapSelection('<p>ab</p>', 4, 4, 'bold')).toEqual({
      text: '<p>a<strong></strong>b</p>',
      start: 12,
      end: 12,
    });
  });

  it('turns plain text into paragraphs at its first tag, so blank lines still part them', () => {
    const plain = '綿100%の生地。\n洗濯機で洗えます。\n\n素材\n\nS\nM\n\n2 < 3 & 職人より';
    const bold = wrapSelection(plain, 0, 5, 'bold');
    expect(bold.text).toBe(
      '<p><strong>綿100%</strong>の生地。<br>\n洗濯機で洗えます。</p>\n\n<p>素材</p>\n\n<p>S<br>\nM</p>\n\n<p>2 &lt; 3 &amp; 職人より</p>',
    );
    expect(bold.text.slice(bold.start, bold.end)).toBe('綿100%');
    // A block stands between the paragraphs, not inside one.
    const heading = wrapSelection(plain, plain.indexOf('素材'), plain.indexOf('素材') + 2, 'heading');
    expect(heading.text).toContain('洗濯機で洗えます。</p>\n\n<h3>素材</h3>\n\n<p>S<br>');
    expect(heading.text.slice(heading.start, heading.end)).toBe('素材');
    const list = wrapSelection(plain, plain.indexOf('S\nM'), plain.indexOf('S\nM') + 3, 'bullets');
    expect(list.text).toContain('<p>素材</p>\n\n<ul>\n<li>S</li>\n<li>M</li>\n</ul>\n\n<p>2 &lt; 3');
    // Split mid-paragraph: the words around the quote keep as their own paragraphs.
    expect(wrapSelection('前の文 引用 後の文', 4, 6, 'quote').text).toBe(
      '<p>前の文</p>\n\n<blockquote>引用</blockquote>\n\n<p>後の文</p>',
    );
    expect(wrapSelection('サイズ表はこちら', 0, 4, 'link', '/guide').text).toBe(
      '<p><a href="/guide">サイズ表</a>はこちら</p>',
    );
    // Nothing at all yet: the markup alone, the caret inside it.
    expect(wrapSelection('', 0, 0, 'bullets')).toEqual({ text: '<ul>\n<li></li>\n</ul>', start: 9, end: 9 });
    expect(wrapSelection('', 0, 0, 'bold')).toEqual({ text: '<p><strong></strong></p>', start: 11, end: 11 });
    // Every result reads back as markup, and shows what the plain text showed, plus the tag.
    expect(previewHtml(bold.text)).toBe(
      '<p><strong>綿100%</strong>の生地。<br>\n洗濯機で洗えます。</p>\n\n<p>素材</p>\n\n<p>S<br>\nM</p>\n\n<p>2 &lt; 3 &amp; 職人より</p>',
    );
  });

  it('lists every allowed tag in the hint', () => {
    expect(MARKUP_HINT).toContain(MARKUP_TAGS.join(' '));
  });
});
