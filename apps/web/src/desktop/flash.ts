/**
 * A message said on the next signed-in page: the sign-in page has no antd to show one, and it is
 * gone (GuestOnly redirects) by the time the message would show. The member area shows it on arrival.
 */
export interface Flash {
  kind: 'success' | 'warning';
  text: string;
}

let next: Flash | null = null;

export function flashOnArrival(flash: Flash): void {
  next = flash;
}

/** The waiting message, once. */
export function takeFlash(): Flash | null {
  const flash = next;
  next = null;
  return flash;
}
