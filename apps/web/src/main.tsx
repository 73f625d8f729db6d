// Before anything that builds a zod schema (api/zod-config.ts).
import './api/zod-config';
// The signed-in home's first calls leave now, beside the screen's chunks (api/early-calls.ts).
import './api/start-early-calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n from './i18n';
import { router } from './router';
import { keepTypedInput, routerSettled } from './shell-handover';
import './ui/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});

// The server renders /m/login in this language before any script runs (apps/server/src/http/web-shell.ts).
const rememberLanguage = (lang: string) => {
  document.cookie = `kindred.lang=${lang}; path=/; max-age=31536000; samesite=lax`;
};
rememberLanguage(i18n.language);
i18n.on('languageChanged', rememberLanguage);

const container = document.getElementById('root')!;
const mount = () => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
};

// Over a prerendered sign-in screen, React's first commit replaces it with the same screen in one
// frame. The screen is already visible, so the render may yield to input in slices (a transition).
if (container.hasAttribute('data-shell')) {
  keepTypedInput(container);
  void routerSettled(router).then(() => startTransition(mount));
} else {
  mount();
}
