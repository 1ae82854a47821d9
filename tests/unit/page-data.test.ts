import { describe, expect, it } from 'vitest';
import { jsonDataScript } from '#protocol';

/** The block's text as the browser would read it: everything up to the first `</script`. */
const blockText = (html: string) => /^<script id="[^"]+" type="application\/json">([\s\S]*?)<\/script/i.exec(html)?.[1];

describe('data a page carries for the app', () => {
  it('reads back as the value it was given', () => {
    const value = { terms: [{ id: 'a', title: '條款 & 說明', content: '<p>內容</p>' }], n: 1, none: null };
    expect(JSON.parse(blockText(jsonDataScript('x', value)) ?? '')).toEqual(value);
  });

  it('cannot be closed or turned into markup by anything in a value', () => {
    const hostile = ['</script><script>alert(1)</script>', '</SCRIPT >', '<!--', '<![CDATA[', '&lt;b&gt;'];
    const html = jsonDataScript('x', { hostile });
    // One block, closed only by its own end tag, with no `<`, `>` or `&` inside.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(blockText(html)).not.toMatch(/[<>&]/);
    expect(JSON.parse(blockText(html) ?? '')).toEqual({ hostile });
  });

  it('names its block by the id it is given', () => {
    expect(jsonDataScript('register-terms', [])).toBe(
      '<script id="register-terms" type="application/json">[]</script>',
    );
  });
});
