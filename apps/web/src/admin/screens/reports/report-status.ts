import type { AdminReportWire } from '@kindred/protocol';

/** A report's state as a tag colour: open ones stand out, handled ones recede. */
export const STATUS_COLOURS: Record<AdminReportWire['status'], string> = { open: 'blue', resolved: 'green', dismissed: 'default' };
