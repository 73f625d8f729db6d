/** The part of Vite's build manifest (`dist/.vite/manifest.json`) the preload hints need. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Each interface's lazy chunk, by the first segment of the page's path. */
export const INTERFACE_CHUNKS = { m: 'src/mobile/MobileApp.tsx', w: 'src/desktop/DesktopApp.tsx', admin: 'src/admin/AdminApp.tsx' } as const;

const SAFE_ASSET = /^assets\/[\w.-]+$/;

/**
 * `<link>` tags for an interface's chunk, every chunk it imports and their styles, so the browser
 * fetches them while the first chunk is still on its way instead of one round trip after it has run
 * (on a slow phone network each round trip is visible). What the page's entry already loads is left out.
 */
export function preloadTags(manifest: ViteManifest, chunk: string): string {
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
  visit(chunk);

  const tags = [
    // crossorigin like Vite's own stylesheet links: a preload in another credentials mode is not reused (the CSS downloads twice).
    ...[...new Set(styles)].filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...scripts.filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return tags.join('');
}

/** index.html with the hints placed at the end of its head; the page as it is without a manifest. */
export function withPreloads(html: string, manifest: ViteManifest | null, chunk: string): string {
  if (!manifest) return html;
  const tags = preloadTags(manifest, chunk);
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}
