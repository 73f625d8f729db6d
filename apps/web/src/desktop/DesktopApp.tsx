import './desktop.css';
import { DesktopRoutes } from './routes';

export { loadMemberRoutes } from './load-member-routes';

/**
 * The /w interface. Its first chunk holds only the sign-in page, in plain elements: antd, themed in
 * the brand colour (antd-root.tsx), comes with the signed-in area and the other sign-in pages. The
 * router loads this language's strings beside this chunk (strings/desktop-strings.ts).
 */
export function DesktopApp() {
  return (
    <div className="kd-app">
      <DesktopRoutes />
    </div>
  );
}
