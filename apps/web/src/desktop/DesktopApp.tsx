import { Route, Routes } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';

export function DesktopApp() {
  return (
    <Routes>
      <Route path="*" element={<ComingSoon />} />
    </Routes>
  );
}
