/** Whole years between a birthday and `now` (both ms timestamps), as people count birthdays. */
export function ageOn(birthdayMs: number, now: number = Date.now()): number {
  const b = new Date(birthdayMs);
  const n = new Date(now);
  let age = n.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday =
    n.getUTCMonth() < b.getUTCMonth() || (n.getUTCMonth() === b.getUTCMonth() && n.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(birthdayMs: number, minAge: number, now: number = Date.now()): boolean {
  return ageOn(birthdayMs, now) >= minAge;
}
