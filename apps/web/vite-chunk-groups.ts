import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

const MEMBERS_SCREEN = src('mobile/screens/discovery/MembersScreen.tsx');

/** The first screen of each area: what its page needs before it can show anything. */
const ROOTS = {
  mobileLogin: [src('mobile/MobileApp.tsx')],
  mobileHome: [src('mobile/screens/home/HomeRoutes.tsx'), MEMBERS_SCREEN],
  desktopLogin: [src('desktop/DesktopApp.tsx')],
  desktopHome: [src('desktop/member-routes.tsx')],
  admin: [src('admin/AdminApp.tsx')],
};
/** These keep chunks of their own: the manifest, which the server's hints and the login shell read, names chunks by them. */
const FACADES = new Set(Object.values(ROOTS).flat().filter((file) => file !== MEMBERS_SCREEN));

const LOCALE_PART = /[\\/]i18n[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.ts$/;
const DESKTOP_STRINGS = /[\\/]desktop[\\/]strings[\\/]strings-([\w-]+)\.ts$/;
const SHARED_PARTS = new Set(['blocking', 'reports', 'gifts', 'mail', 'money']);

/**
 * One language's strings per interface in one file (they load together: mobile/strings.ts, the
 * desktop's strings-<lang>.ts), and the parts both interfaces read in a third. The phone's first
 * part (`mobile`) keeps its own file: the sign-in page loads only that one.
 */
function stringsGroup(id: string): string | null | undefined {
  const desktop = DESKTOP_STRINGS.exec(id);
  if (desktop) return `w-strings-${desktop[1]}`;
  const part = LOCALE_PART.exec(id);
  if (!part) return undefined;
  const [, lang, name = ''] = part;
  if (name.startsWith('mobile-')) return `m-strings-${lang}`;
  if (name.startsWith('desktop') || name === 'info') return `w-strings-${lang}`;
  if (SHARED_PARTS.has(name)) return `strings-${lang}`;
  return null;
}

/** Set while the planning build runs, so that build neither plans again nor writes anything. */
export const PLANNING = 'KINDRED_CHUNK_PLANNING';

interface PlannedChunk {
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  facade: string | null;
  isEntry: boolean;
}

/** Every module in the chunks `roots` load, statically (what the page waits for) or also on demand. */
function modulesOf(chunks: Map<string, PlannedChunk>, roots: string[], dynamic: boolean, skip = new Set<string>()): Set<string> {
  const byFacade = new Map([...chunks].filter(([, c]) => c.facade).map(([file, c]) => [c.facade!, file]));
  const start = roots.map((root) => (byFacade.has(root) ? byFacade.get(root)! : root));
  const seen = new Set<string>();
  const stack = start.filter((file) => chunks.has(file));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file)!;
    stack.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  return new Set([...seen].flatMap((file) => chunks.get(file)!.modules));
}

function chunkClosure(chunks: Map<string, PlannedChunk>, files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !chunks.has(file)) continue;
    seen.add(file);
    stack.push(...chunks.get(file)!.imports);
  }
  return seen;
}

/**
 * Which group each module joins, from the bundler's own split. The module graph cannot say it: a
 * screen importing one component from a kit's index reaches the whole kit, while the split knows
 * which modules each chunk really keeps after tree-shaking.
 */
/** The part of the bundler's chunking context the plan reads (rolldown's `ChunkingContext`). */
interface Graph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

function plan(chunks: Map<string, PlannedChunk>): (id: string, ctx: Graph) => string | null {
  const entryFiles = chunkClosure(chunks, [...chunks].filter(([, c]) => c.isEntry).map(([file]) => file));
  const entry = new Set([...entryFiles].flatMap((file) => chunks.get(file)!.modules));
  const stat = (roots: string[]) => modulesOf(chunks, roots, false);
  const mobileLogin = stat(ROOTS.mobileLogin);
  const mobileHome = stat(ROOTS.mobileHome);
  const desktopLogin = stat(ROOTS.desktopLogin);
  const desktopHome = stat(ROOTS.desktopHome);
  // What each area may ever load, leaving out the entry, whose router can load any of them.
  const mobileAll = modulesOf(chunks, ROOTS.mobileLogin, true, entryFiles);
  const desktopAll = modulesOf(chunks, ROOTS.desktopLogin, true, entryFiles);
  const adminAll = modulesOf(chunks, ROOTS.admin, true, entryFiles);
  const pages = { mLogin: mobileLogin, mHome: new Set([...mobileLogin, ...mobileHome]), wLogin: desktopLogin, wHome: new Set([...desktopLogin, ...desktopHome]) };
  const areas = { m: mobileAll, w: desktopAll, admin: adminAll };
  const membership = (ids: readonly string[]) => ({
    loadedBy: Object.entries(pages).filter(([, set]) => ids.some((id) => set.has(id))).map(([page]) => page),
    areasOf: Object.entries(areas).filter(([, set]) => ids.some((id) => set.has(id))).map(([area]) => area),
  });
  const groupOf = (id: string, ctx: Graph): string | null => {
    if (FACADES.has(id)) return null;
    // Every page loads the entry's chunks first: one file instead of several.
    if (entry.has(id)) return 'app';
    const strings = stringsGroup(id);
    if (strings !== undefined) return strings;
    // The pages that load the module, then the other areas that may load it later: modules with the
    // same answer share a chunk, which each of those pages needs whole.
    let { loadedBy, areasOf } = membership([id]);
    // A stylesheet that several chunks import is missing from the planning build's chunks (its own
    // would hold no code): it goes with the modules importing it, into their chunk's stylesheet, not
    // a file of its own (on a slow network the page's stylesheets are fetched first, before its
    // scripts, six at a time; the phone's home had six).
    if (loadedBy.length === 0 && id.endsWith('.css')) ({ loadedBy, areasOf } = membership(ctx.getModuleInfo(id)?.importers ?? []));
    if (loadedBy.length === 0) return null;
    // Both sign-in pages load it, so every page of both interfaces does: the entry's chunk, one
    // file less for each page (the console, which loads neither, fetches these few KB with the entry).
    if (loadedBy.includes('mLogin') && loadedBy.includes('wLogin')) return 'app';
    // The console opens from a desktop: what it shares with the desktop's pages joins their chunk,
    // which it loads whole (a few KB more for staff), rather than a chunk of its own for each page.
    const alsoIn = areasOf
      .filter((area) => !loadedBy.some((page) => page.startsWith(area)))
      .filter((area) => !(area === 'admin' && loadedBy.some((page) => page.startsWith('w'))));
    return [...loadedBy, ...alsoIn].join('-');
  };
  return groupOf;
}

/**
 * Fewer, larger chunks for the pages members open most (issue 14). Left to itself the bundler cuts
 * one chunk per set of lazy screens sharing a module: the phone's home came in about 80 files, and
 * over HTTP/1.1 (6 connections) on a slow network each wave of 6 costs a round trip. A first build,
 * not written, gives that split; the real build then gathers, per first screen (the entry, each
 * sign-in page, each home), the modules its page loaded into one chunk — minus what an earlier page
 * already loads and minus what the other interface or the console also use (they would otherwise
 * download the chunk for one module); what both homes need is one shared chunk. Everything else
 * keeps the automatic split, so no page loads more than before (but the console: a few KB, plan above). `includeDependenciesRecursively:
 * false`: each group is already closed over what its page imports; pulling dependencies in would
 * move shared modules into one interface's chunk.
 */
export function chunkGroupsPlugin(): Plugin {
  return {
    name: 'kindred-chunk-groups',
    apply: 'build',
    async config(config) {
      if (process.env[PLANNING]) return;
      process.env[PLANNING] = '1';
      let output;
      try {
        output = await build({ root: config.root, configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)), logLevel: 'error', build: { write: false, manifest: false } });
      } finally {
        delete process.env[PLANNING];
      }
      const chunks = new Map<string, PlannedChunk>();
      for (const result of Array.isArray(output) ? output : [output]) {
        if (!('output' in result)) continue;
        for (const item of result.output) {
          if (item.type !== 'chunk') continue;
          chunks.set(item.fileName, { modules: item.moduleIds, imports: item.imports, dynamicImports: item.dynamicImports, facade: item.facadeModuleId, isEntry: item.isEntry });
        }
      }
      const groupOf = plan(chunks);
      return {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: groupOf, debugName: 'first screens', includeDependenciesRecursively: false }] } },
          },
        },
      };
    },
  };
}
