import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@kindred/protocol';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { LoginShell } from './src/prerender/login-shell';

/** Where the server looks for the pages (apps/server/src/http/web-shell.ts reads the same names). */
export const SHELL_DIR = 'shell';
const MOBILE_CHUNK = 'src/mobile/MobileApp.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * After the client build: /m/login rendered to HTML in each language, so a phone paints the
 * sign-in screen from the first response instead of after React, the router, i18n and the phone's
 * chunk have arrived and run (issue 14: LCP on a slow network). Each page is the built index.html
 * with the screen in #root, its title and language, and the phone chunk's stylesheets linked
 * (external files: the CSP allows no inline script, and Vite's loader finds them already present
 * and does not add them again). main.tsx mounts the app over it once the app can paint the same.
 */
export function loginShellPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kindred-login-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const links = stylesheetsOf(manifest, MOBILE_CHUNK)
        .filter((file) => !index.includes(`href="/${file}"`))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('');
      const { page, boot } = withBootScript(index, manifest);
      const bootFile = `${config.build.assetsDir}/login-shell-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
      fs.writeFileSync(path.join(outDir, bootFile), boot);
      const shells = await renderShells(config.root);
      fs.mkdirSync(path.join(outDir, SHELL_DIR), { recursive: true });
      for (const [lang, shell] of shells) {
        const html = shellPage(page.replace('</head>', `<script defer src="/${bootFile}"></script></head>`), lang, shell, links);
        fs.writeFileSync(path.join(outDir, SHELL_DIR, `m-login.${lang}.html`), html);
      }
    },
  };
}

/**
 * The page without its module script and module preloads, and a small classic script that adds
 * them (with the phone chunk's) after the first frame. The sign-in screen paints from HTML and CSS
 * alone, so on a slow link those go first and alone instead of sharing it with ~150 KB of script
 * requested at the same moment; the app follows right after the paint. A tab opened in the
 * background paints nothing: the timeout starts the app there.
 */
export function withBootScript(index: string, manifest: Record<string, ManifestChunk>): { page: string; boot: string } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
  if (!entry) throw new Error('login shell: no module script in index.html');
  const preloads: string[] = [];
  let page = index.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const loaded = new Set<string>();
  const mark = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return;
    loaded.add(key);
    for (const dep of manifest[key].imports ?? []) mark(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) mark(key);
  const visit = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return;
    loaded.add(key);
    preloads.push(`/${manifest[key].file}`);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(MOBILE_CHUNK);
  page = page.replace(/\n\s*\n/g, '\n');
  const boot = `(function () {
  var started = false;
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    document.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    ${JSON.stringify(preloads)}.forEach(function (href) { add('link', { rel: 'modulepreload', crossorigin: '', href: href }); });
    add('script', { type: 'module', crossorigin: '', src: ${JSON.stringify(entry[1])} });
  }
  // Signing in before the app has arrived: the form is held (no GET with the password in the
  // address) and marked, and the app sends it once it is in place (src/shell-handover.ts).
  var form = document.querySelector('#root[data-shell] form');
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      form.setAttribute('data-submitted', '');
    });
    var submit = form.querySelector('button[type=submit]');
    if (submit) submit.disabled = false;
  }
  // requestAnimationFrame runs just before the first frame is painted; the timeout, right after it.
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1500);
})();
`;
  return { page, boot };
}

/** The chunk's stylesheets, those of its imports first: the order Vite's loader would add them in. */
function stylesheetsOf(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const dep of manifest[k].imports ?? []) visit(dep);
    for (const file of manifest[k].css ?? []) if (!css.includes(file)) css.push(file);
  };
  visit(key);
  return css;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function shellPage(index: string, lang: Language, shell: LoginShell, links: string): string {
  // Until the boot script holds the form, Enter must not send it as a GET with the password in the
  // address: a form whose submit button is disabled is not submitted implicitly.
  const markup = shell.markup.replace(/<button([^>]*) type="submit"/, '<button$1 type="submit" disabled=""');
  const parts: [RegExp, string][] = [
    [/<html lang="[^"]*">/, `<html lang="${lang}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`],
    [/<\/head>/, `${links}</head>`],
    [/<div id="root"><\/div>/, `<div id="root" data-shell="m-login">${markup}</div>`],
  ];
  let page = index;
  for (const [pattern, replacement] of parts) {
    if (!pattern.test(page)) throw new Error(`login shell: ${pattern} not found in index.html`);
    page = page.replace(pattern, () => replacement);
  }
  if (markup === shell.markup) throw new Error('login shell: no submit button in the sign-in screen');
  return page;
}

/**
 * Loads the screen through Vite's SSR module loader, in a throwaway DOM: the app's modules read
 * localStorage and set <html lang> as they load, as they do in a browser. The DOM is removed afterwards.
 */
async function renderShells(root: string): Promise<Map<Language, LoginShell>> {
  // Loaded here, not with the config: only a build needs it (jsdom ships no types; this is the part used).
  const jsdom = 'jsdom';
  const { JSDOM } = (await import(jsdom)) as { JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis } };
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/m/login' });
  const names = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  for (const name of names) Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // antd-mobile's modules import their CSS: Vite has to load them (CSS becomes nothing on the server).
    ssr: { noExternal: ['antd-mobile'] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLoginShell, LANGUAGES } = (await server.ssrLoadModule('/src/prerender/login-shell.tsx')) as typeof import('./src/prerender/login-shell');
    const shells = new Map<Language, LoginShell>();
    for (const lang of LANGUAGES) shells.set(lang, await renderLoginShell(lang));
    return shells;
  } finally {
    await server.close();
    names.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    });
    dom.window.close();
  }
}
