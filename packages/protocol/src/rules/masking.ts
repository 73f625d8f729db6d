/** Report masking of docs/product-rules.md §9. */
export function maskUsername(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return '*'.repeat(chars.length);
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return maskUsername(email);
  const local = email.slice(0, at);
  return local.slice(0, 3) + '*'.repeat(Math.max(0, local.length - 3)) + email.slice(at);
}
