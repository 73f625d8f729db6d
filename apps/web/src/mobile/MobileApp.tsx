import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';

// antd-mobile's Toast/Dialog render nothing on React 19 without this (DESIGN section 10).
unstableSetRender((node, container) => {
  const el = container as Element & { _kRoot?: ReturnType<typeof createRoot> };
  el._kRoot ??= createRoot(el);
  el._kRoot.render(node);
  return async () => {
    el._kRoot?.unmount();
    delete el._kRoot;
  };
});

export function MobileApp() {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon />} />
    </Routes>
  );
}
