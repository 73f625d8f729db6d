import { LIMITS } from '@kindred/protocol';

/** Pictures a report may carry, as the upload pipeline takes them. */
export const REPORT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The browser's first look at a chosen picture; the server decodes and re-encodes it anyway. */
export function reportImageProblem(file: File): 'badImage' | undefined {
  if (!(REPORT_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > LIMITS.uploadMaxBytes) return 'badImage';
  return undefined;
}

/** The phone form's rule (docs/product-rules.md §5): e-mail and description required, picture optional. */
export const phoneReportComplete = (email: string, content: string) => email.trim() !== '' && content.trim() !== '';

/** `/m/reportList?active=2` opens "reports against me"; anything else "reports I made". */
export const activeReportTab = (active: string | null): 1 | 2 => (active === '2' ? 2 : 1);

export const REPORT_STATUS_KEYS: Record<string, string> = { open: 'reports.open', resolved: 'reports.resolved', dismissed: 'reports.dismissed' };
