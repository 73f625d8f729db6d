/**
 * The layer rules `npm run check:deps` holds the code to (issue 10; docs/architecture.md):
 * protocol imports nothing of ours and nothing but zod; the server and the web share protocol and
 * never import each other; the phone (/m) and desktop (/w) interfaces never import each other; the
 * server's services are built in one composition root and its routes registered in app.ts; no
 * import cycles, type-only imports included.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'protocol-stands-alone',
      severity: 'error',
      comment: 'packages/protocol is the wire contract both sides share: it imports only itself and zod (no Node, no React, no app code).',
      from: { path: '^packages/protocol/src' },
      to: { pathNot: ['^packages/protocol/src', '^node_modules/zod/'] },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server shares code with the web only through packages/protocol.',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web shares code with the server only through packages/protocol.',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'mobile-not-desktop',
      severity: 'error',
      comment: 'Each interface is its own lazy chunk: /m never imports /w (shared pieces live in src/ui, src/chat, src/api).',
      from: { path: '^apps/web/src/mobile' },
      to: { path: '^apps/web/src/desktop' },
    },
    {
      name: 'desktop-not-mobile',
      severity: 'error',
      comment: 'Each interface is its own lazy chunk: /w never imports /m (shared pieces live in src/ui, src/chat, src/api).',
      from: { path: '^apps/web/src/desktop' },
      to: { path: '^apps/web/src/mobile' },
    },
    {
      name: 'console-stands-apart',
      severity: 'error',
      comment: 'The /admin console is its own lazy chunk: members\' interfaces never import it, and it never imports them (shared pieces live in src/ui, src/api, src/i18n).',
      from: { path: '^apps/web/src/(mobile|desktop)' },
      to: { path: '^apps/web/src/admin' },
    },
    {
      name: 'console-not-member-interfaces',
      severity: 'error',
      comment: 'The /admin console never imports /m or /w (their chunks would load with it).',
      from: { path: '^apps/web/src/admin' },
      to: { path: '^apps/web/src/(mobile|desktop)' },
    },
    {
      name: 'routes-registered-in-app',
      severity: 'error',
      comment: 'Routes are registered in one place, apps/server/src/app.ts; no transport layer wires calls of its own.',
      from: { path: '^apps/server/src', pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.routes\\.ts$' },
    },
    {
      name: 'one-composition-root',
      severity: 'error',
      comment: 'Services are built in apps/server/src/composition.ts, for app.ts only; realtime and http get what they use.',
      from: { path: '^apps/server/src', pathNot: '^apps/server/src/(main|app|composition)\\.ts$' },
      to: { path: '^apps/server/src/(app|composition)\\.ts$' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle (type-only imports included) means two modules that should be one, or a missing seam between them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle of types is a cycle of ideas all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.d\\.ts$'] },
  },
};
