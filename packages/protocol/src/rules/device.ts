/** Phones and small tablets get the mobile interface (docs/architecture.md §8). */
const MOBILE_UA = /Mobi|Android|iPhone|iPod|iPad|Windows Phone|Opera Mini|IEMobile|webOS|BlackBerry/i;

export function isMobileUserAgent(userAgent: string | undefined | null): boolean {
  return MOBILE_UA.test(userAgent ?? '');
}

export type Terminal = 'm' | 'w';
export const terminalOf = (userAgent: string | undefined | null): Terminal => (isMobileUserAgent(userAgent) ? 'm' : 'w');
