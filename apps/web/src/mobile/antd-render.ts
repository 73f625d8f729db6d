import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

/**
 * antd-mobile's Toast/Dialog render nothing on React 19 without this (docs/architecture.md §10).
 * Loaded with the first toast (toast-impl.ts) and before any screen but the sign-in page renders
 * (MobileApp.tsx), not in the sign-in page's first load: its React-render helper brings about 3 KB.
 */
unstableSetRender((node, container) => {
  const el = container as Element & { _kRoot?: ReturnType<typeof createRoot> };
  el._kRoot ??= createRoot(el);
  el._kRoot.render(node);
  return async () => {
    el._kRoot?.unmount();
    delete el._kRoot;
  };
});
