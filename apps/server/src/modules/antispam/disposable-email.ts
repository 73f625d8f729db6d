import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

/**
 * The community-kept list of disposable e-mail services (github.com/disposable-email-domains,
 * republished weekly as `disposable-email-domains-js`), read once: the package's own check builds
 * a new Set of its ~5,000 domains on every call.
 */
const DISPOSABLE = disposableEmailBlocklistSet();

/** The address's domain or any parent of it is listed: a subdomain of a throwaway service is one too. */
export function isDisposableEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  const labels = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
