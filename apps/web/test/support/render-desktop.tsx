import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
// The app's own i18n set-up, in English, with the desktop's strings, as the desktop chunk has them.
import i18n, { changeLanguage } from '../../src/i18n';
import '../../src/desktop/desktop-i18n';

/**
 * Renders a desktop piece the way the app does (query client, router, antd App for messages, the
 * real i18n) in jsdom. Test files using it start with `// @vitest-environment jsdom`.
 */

// jsdom has no layout: antd asks for media queries and element sizes.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: () => false }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => cleanup());

export async function renderDesktop(ui: ReactNode, { path = '/w/home/index' } = {}): Promise<RenderResult> {
  await changeLanguage('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export { i18n };
