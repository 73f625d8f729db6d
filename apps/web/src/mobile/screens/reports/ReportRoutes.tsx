import { lazy } from 'react';
import { RequireAuth } from '../../../ui/guards';
import { KitLocale } from '../../components/KitLocale';
import { PendingScreen } from '../../components/PendingScreen';

const ReportScreen = lazy(() => import('./ReportScreen'));
const ReportListScreen = lazy(() => import('./ReportListScreen'));

/** /m/report and /m/reportList sit outside /m/home (no tab bar) but need a member all the same. */
export function ReportRoute() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <ReportScreen />
      </RequireAuth>
    </KitLocale>
  );
}

export function ReportListRoute() {
  return (
    <KitLocale>
      <RequireAuth terminal="m" pending={<PendingScreen />}>
        <ReportListScreen />
      </RequireAuth>
    </KitLocale>
  );
}
