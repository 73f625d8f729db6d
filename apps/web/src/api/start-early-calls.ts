import { startEarlyCalls } from './early-calls';

// Imported first by main.tsx: module bodies run in import order, so the calls leave before React,
// the router and i18n have been evaluated (seconds on a slow phone).
startEarlyCalls(window.location.pathname);
