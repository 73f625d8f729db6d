import type { Language } from '@kindred/protocol';
export { LANGUAGES } from '@kindred/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n';
import { LoginScreen } from '../mobile/screens/auth/LoginScreen';
import { loadAllMobileStrings } from '../mobile/strings';

export interface LoginShell {
  /** The sign-in screen's markup, exactly what the client's first render of /m/login puts in #root. */
  markup: string;
  /** The page title the screen sets once it runs (mobile/use-title.ts). */
  title: string;
}

/**
 * Renders the phone's sign-in screen at build time (vite-login-shell-plugin.ts), the same
 * component the client mounts, so the first HTML already shows what the app will paint and the
 * app replaces it with identical markup. Routes and guards add no markup of their own.
 */
export async function renderLoginShell(lang: Language): Promise<LoginShell> {
  await loadAllMobileStrings(lang);
  await i18n.changeLanguage(lang);
  const markup = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/m/login']}>
        <LoginScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { markup, title: `${i18n.t('mobile:login.title')} · ${i18n.t('brand')}` };
}
