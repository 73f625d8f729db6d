/**
 * Origins besides our own whose pages a payment frame may show: Stripe renders a card issuer's
 * 3-D Secure challenge on this host (the server's CSP frame-src lists it when Stripe is configured).
 */
const PROVIDER_FRAME_ORIGINS = ['https://hooks.stripe.com'];

/**
 * The address a payment frame may show: a path on our own origin, or an absolute address on it or
 * on a provider's challenge host. The address arrives in a query string anyone can write, so
 * nothing else is framed (the server's CSP frame-src says the same).
 */
export function frameAddress(raw: string | null, origin: string = window.location.origin): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    if (!/^https?:$/.test(url.protocol)) return null;
    return url.origin === origin || PROVIDER_FRAME_ORIGINS.includes(url.origin) ? url.href : null;
  } catch {
    return null;
  }
}
