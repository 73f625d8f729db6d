/** The part of Vite's build manifest (`dist/.vite/manifest.json`) the preload hints need. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Each interface's lazy chunk, by the first segment of the page's path. */
export const INTERFACE_CHUNKS = { m: 'src/mobile/MobileApp.tsx', w: 'src/desktop/DesktopApp.tsx', admin: 'src/admin/AdminApp.tsx' } as const;

/**
 * What each home needs before its first member shows, beside the interface chunk: the router's lazy
 * screens down to the member list (apps/web: mobile/MobileApp.tsx, screens/home/HomeRoutes.tsx;
 * desktop/member-routes.tsx). Hinted from the first response, they download together instead of one
 * level of lazy chunks after another (issue 14). The page cannot tell a signed-in visitor from the
 * request (the session is in the browser's storage), but a hint costs a visitor without one little.
 */
export const HOME_CHUNKS = {
  // Not antd-render.ts: the members list opens no dialog, its renderer follows the first members.
  // The members screen is in HomeRoutes' chunk (vite-chunk-groups.ts).
  m: [INTERFACE_CHUNKS.m, 'src/mobile/screens/home/HomeRoutes.tsx'],
  w: [INTERFACE_CHUNKS.w, 'src/desktop/member-routes.tsx'],
} as const;

/**
 * The chunks holding one language's strings for an interface: those the entry loads on demand
 * whose modules are that language's (`locales/<lang>/…`, `strings-<lang>`, or a group chunk named
 * after it, apps/web/vite-chunk-groups.ts). The phone's home reads all its parts, the desktop's
 * every page its one file.
 */
export function stringChunks(manifest: ViteManifest, terminal: 'm' | 'w', lang: string): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  const dynamic = entry?.[1].dynamicImports ?? [];
  const escaped = lang.replace(/[^\w-]/g, '');
  const mine =
    terminal === 'm'
      ? new RegExp(`(locales/${escaped}/(mobile[\\w-]*|blocking|reports|gifts|mail|money)\\.ts$|^_(m-)?strings-${escaped}-)`)
      : new RegExp(`(strings-${escaped}\\.ts$|^_(w-)?strings-${escaped}-)`);
  return dynamic.filter((key) => mine.test(key));
}

const SAFE_ASSET = /^assets\/[\w.-]+$/;

/**
 * A module's chunk in the manifest: under its own path when it starts a chunk; a module that
 * also sits in another chunk's static imports (antd-render.ts) gets a shared chunk, listed as
 * `_<name>-<hash>.js`.
 */
function manifestKey(manifest: ViteManifest, key: string): string {
  if (manifest[key]) return key;
  const name = key.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((k) => k.startsWith(`_${name}-`) && /^_[\w.-]+\.js$/.test(k)) ?? key;
}

/**
 * `<link>` tags for an interface's chunk, every chunk it imports and their styles, so the browser
 * fetches them while the first chunk is still on its way instead of one round trip after it has run
 * (on a slow phone network each round trip is visible). What the page's entry already loads is left out.
 */
export function preloadTags(manifest: ViteManifest, chunk: string | readonly string[]): string {
  const skip = new Set<string>();
  const markEntry = (key: string) => {
    if (skip.has(key)) return;
    skip.add(key);
    for (const dep of manifest[key]?.imports ?? []) markEntry(dep);
  };
  for (const [key, value] of Object.entries(manifest)) if (value.isEntry) markEntry(key);

  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const found = manifest[key];
    if (skip.has(key) || !found) return;
    skip.add(key);
    scripts.push(found.file);
    styles.push(...(found.css ?? []));
    for (const dep of found.imports ?? []) visit(dep);
  };
  for (const key of typeof chunk === 'string' ? [chunk] : chunk) visit(manifestKey(manifest, key));

  const tags = [
    // crossorigin like Vite's own stylesheet links: a preload in another credentials mode is not reused (the CSS downloads twice).
    ...[...new Set(styles)].filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...scripts.filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return tags.join('');
}

/** index.html with the hints placed at the end of its head; the page as it is without a manifest. */
export function withPreloads(html: string, manifest: ViteManifest | null, chunk: string | readonly string[]): string {
  if (!manifest) return html;
  const tags = preloadTags(manifest, chunk);
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}
