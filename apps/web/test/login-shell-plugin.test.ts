import { describe, expect, it } from 'vitest';
import { shellPage, withBootScript } from '../vite-login-shell-plugin';

const index = `<!doctype html>
<html lang="en">
  <head>
    <title>Kindred</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'], css: ['assets/index-3.css'] },
  '_react-2.js': { file: 'assets/react-2.js' },
  'src/mobile/MobileApp.tsx': { file: 'assets/MobileApp-4.js', imports: ['index.html', '_kit-5.js'], css: ['assets/MobileApp-6.css'] },
  '_kit-5.js': { file: 'assets/kit-5.js', imports: ['_react-2.js'] },
};

describe('the prerendered sign-in page', () => {
  it('requests no script before its first paint: a boot script adds the entry and the phone chunks after it', () => {
    const { page, boot } = withBootScript(index, manifest);
    expect(page).not.toMatch(/type="module"|modulepreload/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(boot).toContain('["/assets/react-2.js","/assets/MobileApp-4.js","/assets/kit-5.js"]');
    expect(boot).toContain('src: "/assets/index-1.js"');
    // A classic script: it runs as it is, with no module loader.
    expect(() => new Function(boot)).not.toThrow();
  });

  it('puts the screen, its language, title and styles into the page, its submit button held', () => {
    const markup = '<div class="m-auth"><form><button class="x" type="submit"><span>Sign in</span></button></form></div>';
    const html = shellPage(index, 'zh-TW', { markup, title: 'A <b> · Kindred' }, '<link rel="stylesheet" href="/assets/MobileApp-6.css">');
    expect(html).toContain('<html lang="zh-TW">');
    expect(html).toContain('<title>A &lt;b&gt; · Kindred</title>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/MobileApp-6.css"></head>');
    expect(html).toContain('<div id="root" data-shell="m-login"><div class="m-auth"><form><button class="x" type="submit" disabled=""><span>Sign in</span></button>');
    expect(() => shellPage(index, 'en', { markup: '<p>no form</p>', title: 't' }, '')).toThrow(/submit/);
  });
});
