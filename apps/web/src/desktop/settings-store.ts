/**
 * Member settings of the settings pages. The spec keeps them off the server: they live in this
 * browser under the `kindred.member.` prefix, which sign-out clears with the rest of the session.
 */
export const DELIVERY_CHOICES = ['immediately', 'automatically', 'never'] as const;
export type Delivery = (typeof DELIVERY_CHOICES)[number];

export const NOTIFICATION_KINDS = ['form1', 'form2', 'form3', 'form4', 'form5', 'form6', 'form7', 'form8', 'form9', 'form10'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type GeneralSettings = { form1: boolean };
export type NotificationSettings = Record<NotificationKind, boolean> & { form11: Delivery };

export const DEFAULT_GENERAL: GeneralSettings = { form1: true };
export const DEFAULT_NOTIFICATION: NotificationSettings = {
  ...(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as Record<NotificationKind, boolean>),
  form11: 'automatically',
};

const KEYS = { general: 'kindred.member.settings.general', notification: 'kindred.member.settings.notification' } as const;

function read<T extends object>(key: string, defaults: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return defaults;
    const stored = JSON.parse(raw) as Partial<T>;
    // Only known fields of the right type survive: an old or edited value never breaks the page.
    const merged = { ...defaults };
    for (const k of Object.keys(defaults) as (keyof T)[]) {
      if (typeof stored[k] === typeof defaults[k]) merged[k] = stored[k] as T[keyof T];
    }
    return merged;
  } catch {
    return defaults;
  }
}

export const loadGeneral = () => read(KEYS.general, DEFAULT_GENERAL);
export const saveGeneral = (s: GeneralSettings) => localStorage.setItem(KEYS.general, JSON.stringify(s));

export function loadNotification(): NotificationSettings {
  const s = read(KEYS.notification, DEFAULT_NOTIFICATION);
  return DELIVERY_CHOICES.includes(s.form11) ? s : { ...s, form11: DEFAULT_NOTIFICATION.form11 };
}
export const saveNotification = (s: NotificationSettings) => localStorage.setItem(KEYS.notification, JSON.stringify(s));
