import { describe, expect, it } from 'vitest';
import { isBlankHtml } from '../../src/domain';
import { safeBlogHtml } from '../../src/resources/blogs/blog-html';

describe('safeBlogHtml (the console sanitises blog HTML again before rendering it)', () => {
  it.each([
    ['a script', '<p>ok</p><script>alert(1)</script>', /<script/i],
    ['an event handler', '<img src="/uploads/a.png" onerror="alert(1)">', /onerror/i],
    ['an SVG handler', '<svg><animate onbegin="alert(1)"></animate></svg>', /onbegin|<svg/i],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /href/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a style block and attribute', '<style>body{display:none}</style><p style="position:fixed">x</p>', /style/i],
    ['a form', '<form action="https://evil.example"><input name="password"></form>', /<form|<input/i],
  ])('removes %s', (_what, html, forbidden) => {
    expect(safeBlogHtml(html)).not.toMatch(forbidden);
  });

  it('keeps ordinary article formatting, links, images and tables', () => {
    const html =
      '<h2>Fit</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>' +
      '<p><a href="https://example.com/contact" target="_blank" rel="noopener noreferrer nofollow">Write</a></p>' +
      '<img src="/uploads/a.png" alt="tee"><table><tbody><tr><th>Size</th><td>M</td></tr></tbody></table>';
    expect(safeBlogHtml(html)).toBe(html);
  });
});

describe('isBlankHtml (Content is required: an empty editor is no content)', () => {
  it.each(['', '   ', '<p></p>', '<p><br></p>', '<p>&nbsp; </p>', '<h2> </h2><p>&#160;</p>', '<p'])(
    '%j is blank',
    (html) => {
      expect(isBlankHtml(html)).toBe(true);
    },
  );

  it.each(['<p>Hi</p>', 'plain words', '<p><img src="/uploads/a.png"></p>', '<p>&amp;</p>'])(
    '%j is content',
    (html) => {
      expect(isBlankHtml(html)).toBe(false);
    },
  );

  it('answers quickly for long malformed input', () => {
    const started = performance.now();
    isBlankHtml('<'.repeat(200_000));
    isBlankHtml('<p '.repeat(70_000));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
