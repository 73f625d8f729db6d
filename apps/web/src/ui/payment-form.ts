import {
  CARD_COUNTRIES,
  EMAIL_PATTERN,
  ORDER_TYPES,
  payMethodOf,
  parseUsdCents,
  TIMINGS,
  type CardCountry,
  type CallInput,
  type OrderType,
  type PayType,
  type pay,
} from '@kindred/protocol';

/**
 * The payment form's rules (docs/product-rules.md §5) for both interfaces, with no React in them:
 * the custom amount as it is typed, which fields each method needs, the submit guard, and the body
 * of member/Pay/pay. Each check answers the first problem as a translation key (money strings under
 * `money.`, field labels under `money.fields.`); the server checks the same again.
 */

export interface Problem {
  key: string;
  values?: Record<string, unknown>;
  /** The field the problem is about (the desktop form puts it under that field). */
  field?: keyof PayerForm | 'amount';
}

/**
 * What the member types into the custom amount, kept to the rule as they type: digits and one
 * decimal point only, at most 2 decimals, leading zeros stripped ("007" → "7", "00.5" → "0.5").
 */
export function sanitizeAmount(raw: string): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '').slice(0, 2);
  text = text.replace(/^0+(?=\d)/, '');
  if (text.startsWith('.')) text = `0${text}`;
  return text;
}

/** A custom amount must be there and more than 0 (required + "Money wrong"); answers integer cents. */
export function checkAmount(text: string): Problem | null {
  if (!text.trim()) return { key: 'common:validation.required', values: { fieldKey: 'amount' }, field: 'amount' };
  return parseUsdCents(text) === null ? { key: 'money.moneyWrong', field: 'amount' } : null;
}

/** The form's fields (docs/product-rules.md §3 "Payment form"); the expiry is a month and a year. */
export interface PayerForm {
  name: string;
  lastname: string;
  email: string;
  phone: string;
  cardnumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  country: CardCountry | '';
  state: string;
  city: string;
  address: string;
  zip: string;
}

export const EMPTY_PAYER: PayerForm = {
  name: '',
  lastname: '',
  email: '',
  phone: '',
  cardnumber: '',
  expMonth: '',
  expYear: '',
  cvv: '',
  country: '',
  state: '',
  city: '',
  address: '',
  zip: '',
};

export { CARD_COUNTRIES };

/** The methods each order offers, in the order the forms list them; balance pays upgrades only. */
export function methodsFor(orderType: OrderType): PayType[] {
  return orderType === ORDER_TYPES.upgrade ? [3, 4, 2, 0, 1, 5, 6] : [3, 4, 2, 1, 5, 6];
}

/** docs/product-rules.md §4: the payment forms start on method 3. */
export const DEFAULT_PAY_TYPE: PayType = 3;

/** Which fields a method asks for: 2/3 name, e-mail and phone; 4 the full card form; the rest none. */
export function formOf(payType: PayType): 'none' | 'contact' | 'card' {
  const method = payMethodOf(payType);
  return method === 'wallet' ? 'contact' : method === 'card' ? 'card' : 'none';
}

/** English letters, spaces and the punctuation of names (the server's rule for the cardholder). */
const ENGLISH_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,30}$/;

/** Luhn's check digit: catches a mistyped card number before the provider sees it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const cardDigits = (cardnumber: string) => cardnumber.replace(/[\s-]/g, '');

/** Groups of four as the member types (the provider and the server ignore the spaces). */
export const formatCardNumber = (raw: string) =>
  cardDigits(raw)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Months 1-12 and the next 15 years, for the expiry selects. */
export function expiryYears(now = new Date()): number[] {
  return Array.from({ length: 15 }, (_, i) => now.getFullYear() + i);
}

/**
 * The first problem of the form for `payType`, in the order the fields are shown: required +
 * field label, then the field's own rule. docs/product-rules.md §5: 2/3 name, e-mail, phone; 4 adds last name,
 * card number, expiry, CVV, country, state, city, address, ZIP; the cardholder name in English.
 */
export function checkPayer(payType: PayType, form: PayerForm, now = new Date()): Problem | null {
  const kind = formOf(payType);
  if (kind === 'none') return null;
  const required = (field: keyof PayerForm): Problem => ({ key: 'common:validation.required', values: { fieldKey: field }, field });
  const blank = (field: keyof PayerForm) => !String(form[field]).trim();

  if (blank('name')) return required('name');
  if (!ENGLISH_NAME.test(form.name.trim())) return { key: 'money.rules.nameEnglish', field: 'name' };
  if (kind === 'card') {
    if (blank('lastname')) return required('lastname');
    if (!ENGLISH_NAME.test(form.lastname.trim())) return { key: 'money.rules.nameEnglish', field: 'lastname' };
  }
  if (blank('email')) return required('email');
  if (form.email.trim().length > 254 || !EMAIL_PATTERN.test(form.email.trim())) return { key: 'money.rules.email', field: 'email' };
  if (blank('phone')) return required('phone');
  if (!PHONE.test(form.phone.trim())) return { key: 'money.rules.phone', field: 'phone' };
  if (kind === 'contact') return null;

  if (blank('cardnumber')) return required('cardnumber');
  if (!luhnValid(cardDigits(form.cardnumber))) return { key: 'money.rules.cardnumber', field: 'cardnumber' };
  if (blank('expMonth')) return { ...required('expMonth'), values: { fieldKey: 'expiration' } };
  if (blank('expYear')) return { ...required('expYear'), values: { fieldKey: 'expiration' } };
  const month = Number(form.expMonth);
  const year = Number(form.expYear);
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return { key: 'money.rules.expiration', field: 'expMonth' };
  if (blank('cvv')) return required('cvv');
  if (!/^\d{3,4}$/.test(form.cvv.trim())) return { key: 'money.rules.cvv', field: 'cvv' };
  for (const field of ['country', 'state', 'city', 'address', 'zip'] as const) if (blank(field)) return required(field);
  return null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A problem as text; a `fieldKey` value becomes the translated label (`money.fields.<key>`). */
export function problemText(t: Translate, problem: Problem): string {
  const { fieldKey, ...values } = problem.values ?? {};
  return t(problem.key, { ...values, ...(typeof fieldKey === 'string' ? { field: t(`money.fields.${fieldKey}`) } : {}) });
}

/**
 * docs/product-rules.md §5: on a phone the card form submits once per 10 s, and an upgrade paid by balance or the
 * other provider (0, 1, 5) likewise; on a desktop every payment once per 3 s. Answers the wait in
 * ms, or 0 when the method is not guarded.
 */
export function submitGuardMs(iface: 'm' | 'w', payType: PayType, orderType: OrderType): number {
  if (iface === 'w') return TIMINGS.submitGuardDesktopMs;
  const cardForm = formOf(payType) !== 'none';
  const upgradeDirect = orderType === ORDER_TYPES.upgrade && [0, 1, 5].includes(payType);
  return cardForm || upgradeDirect ? TIMINGS.submitGuardMobileMs : 0;
}

export interface PayOrder {
  orderType: OrderType;
  /** The package (0 for a custom recharge amount). */
  packageId: number;
  /** USD with two decimals, as the package or the custom amount says. */
  income: string;
  payType: PayType;
}

export type PayInput = CallInput<typeof pay>;

/** The body of member/Pay/pay for `order`: only the fields its method needs (no card field otherwise). */
export function payBody(order: PayOrder, payer: PayerForm, ctx: { userId: number; guid: string; iface: 'm' | 'w'; lang: 'en' | 'zh-CN' | 'zh-TW' }): PayInput {
  const body: PayInput = {
    user_id: ctx.userId,
    gainer_id: 0,
    pay_type: order.payType,
    income: order.income,
    order_type: order.orderType,
    packege_id: order.packageId,
    guid: ctx.guid,
    return_to: ctx.iface,
    lang: ctx.lang,
  };
  const kind = formOf(order.payType);
  if (kind === 'none') return body;
  const fullName = kind === 'card' ? `${payer.name.trim()} ${payer.lastname.trim()}` : payer.name.trim();
  Object.assign(body, { card_fullName: fullName, card_email: payer.email.trim(), card_fullPhone: payer.phone.trim() });
  if (kind === 'card') {
    Object.assign(body, {
      card_number: cardDigits(payer.cardnumber),
      exp_month: Number(payer.expMonth),
      exp_year: Number(payer.expYear),
      exp_date: `${payer.expMonth.padStart(2, '0')}/${payer.expYear}`,
      cvv: payer.cvv.trim(),
      card_country: payer.country,
      card_state: payer.state.trim(),
      card_city: payer.city.trim(),
      card_address: payer.address.trim(),
      card_ZipCode: payer.zip.trim(),
    });
  }
  return body;
}
