import { describe, expect, it } from 'vitest';
import { preloadTags, stringChunks, withPreloads, type ViteManifest } from '../src/http/web-preload.js';

/** The shape Vite writes: the entry, two interface chunks sharing a vendor chunk, a lazy screen. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'], css: ['assets/index-c3.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/mobile/MobileApp.tsx': { file: 'assets/MobileApp-d4.js', imports: ['index.html', '_react-b2.js', '_kit-e5.js'], css: ['assets/MobileApp-f6.css'] },
  '_kit-e5.js': { file: 'assets/kit-e5.js', imports: ['_react-b2.js'], css: ['assets/kit-g7.css'] },
  'src/desktop/DesktopApp.tsx': { file: 'assets/DesktopApp-h8.js', imports: ['index.html', '_kit-e5.js'] },
  'src/mobile/screens/Home.tsx': { file: 'assets/Home-i9.js', imports: ['src/mobile/MobileApp.tsx'] },
};

describe('preload hints for an interface chunk', () => {
  it('lists the chunk, what it imports and their styles, minus what the entry already loads', () => {
    expect(preloadTags(manifest, 'src/mobile/MobileApp.tsx')).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/MobileApp-f6.css">' +
        '<link rel="preload" as="style" crossorigin href="/assets/kit-g7.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/MobileApp-d4.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/kit-e5.js">',
    );
    expect(preloadTags(manifest, 'src/desktop/DesktopApp.tsx')).not.toContain('MobileApp');
  });

  it('is empty for a chunk the manifest does not know', () => {
    expect(preloadTags(manifest, 'src/nowhere.tsx')).toBe('');
  });

  it('never writes a file name that is not a plain asset path into the page', () => {
    const hostile: ViteManifest = { x: { file: 'assets/ok.js', imports: ['y'] }, y: { file: '"><script>alert(1)</script>' } };
    expect(preloadTags(hostile, 'x')).toBe('<link rel="modulepreload" crossorigin href="/assets/ok.js">');
  });

  it('puts the hints at the end of the head, and leaves the page alone without a manifest', () => {
    const html = '<html><head><title>K</title></head><body></body></html>';
    expect(withPreloads(html, manifest, 'src/desktop/DesktopApp.tsx')).toBe(
      '<html><head><title>K</title>' +
        '<link rel="preload" as="style" crossorigin href="/assets/kit-g7.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/DesktopApp-h8.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/kit-e5.js">' +
        '</head><body></body></html>',
    );
    expect(withPreloads(html, null, 'src/desktop/DesktopApp.tsx')).toBe(html);
  });
});

describe('preload hints for a home', () => {
  /** Group chunks as apps/web/vite-chunk-groups.ts names them, strings loaded on demand by the entry. */
  const home: ViteManifest = {
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      dynamicImports: ['src/mobile/MobileApp.tsx', 'src/i18n/locales/en/mobile.ts', '_m-strings-en-b2.js', '_strings-en-c3.js', '_m-strings-zh-CN-d4.js', '_w-strings-en-e5.js'],
    },
    'src/mobile/MobileApp.tsx': { file: 'assets/MobileApp-f6.js', imports: ['index.html', '_mLogin-mHome-g7.js'] },
    '_mLogin-mHome-g7.js': { file: 'assets/mLogin-mHome-g7.js' },
    'src/mobile/screens/home/HomeRoutes.tsx': { file: 'assets/HomeRoutes-h8.js', imports: ['_mLogin-mHome-g7.js', '_mHome-i9.js'] },
    '_mHome-i9.js': { file: 'assets/mHome-i9.js' },
    '_antd-render-j1.js': { file: 'assets/antd-render-j1.js' },
    'src/i18n/locales/en/mobile.ts': { file: 'assets/mobile-k2.js' },
    '_m-strings-en-b2.js': { file: 'assets/m-strings-en-b2.js' },
    '_strings-en-c3.js': { file: 'assets/strings-en-c3.js' },
    '_m-strings-zh-CN-d4.js': { file: 'assets/m-strings-zh-CN-d4.js' },
    '_w-strings-en-e5.js': { file: 'assets/w-strings-en-e5.js' },
  };

  it('hints every chunk of the first screen once, a shared chunk found by its name', () => {
    const tags = preloadTags(home, ['src/mobile/MobileApp.tsx', 'src/mobile/screens/home/HomeRoutes.tsx', 'src/mobile/antd-render.ts']);
    expect(tags.match(/href="[^"]+"/g)).toEqual(['href="/assets/MobileApp-f6.js"', 'href="/assets/mLogin-mHome-g7.js"', 'href="/assets/HomeRoutes-h8.js"', 'href="/assets/mHome-i9.js"', 'href="/assets/antd-render-j1.js"']);
  });

  it("picks one language's strings for each interface", () => {
    expect(stringChunks(home, 'm', 'en')).toEqual(['src/i18n/locales/en/mobile.ts', '_m-strings-en-b2.js', '_strings-en-c3.js']);
    expect(stringChunks(home, 'm', 'zh-CN')).toEqual(['_m-strings-zh-CN-d4.js']);
    expect(stringChunks(home, 'w', 'en')).toEqual(['_strings-en-c3.js', '_w-strings-en-e5.js']);
  });
});
