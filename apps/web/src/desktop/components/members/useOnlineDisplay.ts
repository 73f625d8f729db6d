/** Moved to ui/ so the mobile screens share it; kept here for the desktop imports. */
export { useOnlineDisplay } from '../../../ui/use-online-display';
