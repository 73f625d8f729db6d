import { describe, expect, it } from 'vitest';
import { preloadTags, withPreloads, type ViteManifest } from '../src/http/web-preload.js';

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
