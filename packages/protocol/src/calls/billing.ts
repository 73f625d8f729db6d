import { z } from 'zod';
import { CARD_COUNTRIES, PAYMENT_LIMITS, payMethodOf, parseUsdCents } from '../rules/payments.js';
import { EMAIL_PATTERN } from '../rules/validation.js';
import { OrderWire, PayGuidWire, PayResultWire, RechargePackageWire, UpgradePlansWire } from '../wire/billing.js';
import { defineCall, EmptyBody } from './define.js';
import { boundedString, id, int } from './fields.js';

/**
 * A USD amount (docs/product-rules.md §5): a string of digits with at most one decimal point and 2 decimals, or a
 * JSON number; more than 0 and at most PAYMENT_LIMITS.customMaxCents. Validated to integer cents.
 */
export const usdAmount = () =>
  z
    .union([z.number(), boundedString(PAYMENT_LIMITS.amountMaxLength, { message: 'Money wrong' })])
    .transform((value, ctx) => {
      const cents = parseUsdCents(value);
      if (cents === null) {
        ctx.issues.push({ code: 'custom', message: 'Money wrong', input: value });
        return z.NEVER;
      }
      return cents;
    });

const optionalText = (max: number) => boundedString(max).default('');

export const PayGuidField = () =>
  boundedString(PAYMENT_LIMITS.guidMaxLength).regex(/^[A-Za-z0-9-]{8,64}$/, 'format error');

/**
 * member/Pay/pay (JSON). The server owns every price: `income` must equal the package's amount
 * (or is the custom recharge amount when no package is named). `user_id` must be the caller;
 * `gainer_id` (who receives the credits or the membership) must be the caller too, or 0 / absent.
 * Which fields a method needs (docs/product-rules.md §5): 2/3 name, e-mail and phone; 4 the full card form;
 * 0, 1, 5 and 6 nothing more. `return_to` and `lang` are ours: which interface the payer comes
 * back to and the language of the provider's pages.
 */
export const PayBody = z
  .object({
    user_id: id(),
    gainer_id: int(0, 2_147_483_647).default(0),
    pay_type: int(0, 6),
    income: usdAmount(),
    order_type: int(0, 2).default(1),
    packege_id: int(0, 2_147_483_647).default(0),
    guid: PayGuidField(),
    card_fullName: optionalText(100),
    card_email: boundedString(254, { caseFold: true })
      .refine((s) => s === '' || EMAIL_PATTERN.test(s), 'format error')
      .default(''),
    card_fullPhone: boundedString(32).regex(/^[0-9+() -]*$/, 'format error').default(''),
    card_number: boundedString(32)
      .regex(/^[0-9 -]*$/, 'format error')
      .transform((s) => s.replace(/[ -]/g, ''))
      .default(''),
    exp_year: int(0, 9999).optional(),
    exp_month: int(1, 12).optional(),
    exp_date: boundedString(7).regex(/^(\d{1,2}\/\d{2}(\d{2})?)?$/, 'format error').default(''),
    cvv: boundedString(4).regex(/^(\d{3,4})?$/, 'format error').default(''),
    card_country: z.enum(CARD_COUNTRIES).or(z.literal('')).default(''),
    card_state: optionalText(100),
    card_city: optionalText(100),
    card_address: optionalText(200),
    card_ZipCode: boundedString(16).regex(/^[A-Za-z0-9 -]*$/, 'format error').default(''),
    return_to: z.enum(['m', 'w']).default('m'),
    lang: z.enum(['en', 'zh-CN', 'zh-TW']).default('en'),
  })
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body) => {
      if (body[field] === '' || body[field] === undefined) ctx.issues.push({ code: 'custom', path: [field], message: 'required', input: body[field] });
    };
    const method = payMethodOf(body.pay_type);
    if (method === 'wallet') (['card_fullName', 'card_email', 'card_fullPhone'] as const).forEach(need);
    if (method === 'card') {
      (['card_fullName', 'card_number', 'cvv', 'card_country', 'card_state', 'card_city', 'card_address', 'card_ZipCode'] as const).forEach(need);
      if (body.exp_date === '' && (body.exp_month === undefined || body.exp_year === undefined)) need('exp_date');
      if (body.card_fullName !== '' && !/^[A-Za-z][A-Za-z .'-]*$/.test(body.card_fullName))
        ctx.issues.push({ code: 'custom', path: ['card_fullName'], message: 'Cardholder name must be in English', input: body.card_fullName });
    }
  });
export type PayBody = z.infer<typeof PayBody>;

/** The card's expiry from exp_month/exp_year or exp_date ("MM/YY" or "MM/YYYY"); two-digit years are 20YY. */
export function cardExpiry(body: Pick<PayBody, 'exp_month' | 'exp_year' | 'exp_date'>): { month: number; year: number } | null {
  let month = body.exp_month;
  let year = body.exp_year;
  if ((month === undefined || year === undefined) && body.exp_date) {
    const [m, y] = body.exp_date.split('/');
    month = Number(m);
    year = Number(y);
  }
  if (month === undefined || year === undefined || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}

export const OrderStatusBody = z.object({ guid: PayGuidField() });
export type OrderStatusBody = z.infer<typeof OrderStatusBody>;

/** Active recharge packages, cheapest first. */
export const rechargePackages = defineCall({ path: '/member/recharge/package', body: EmptyBody, answer: z.array(RechargePackageWire), access: 'member' });
/** vip1 (silver) and vip2 (gold): monthly list price and packages with month price and saving. */
export const upgradePackages = defineCall({ path: '/member/Upgrade/package', body: EmptyBody, answer: UpgradePlansWire, access: 'member' });
/** A fresh guid for the next payment (its idempotency key, bound to the caller, valid an hour) and the provider script's URL. */
export const payGuid = defineCall({ path: '/member/pay/generateuuid', body: EmptyBody, answer: PayGuidWire, access: 'member' });
/**
 * Pays (docs/product-rules.md §7). 200 with data.type ok | jump | iframe (pay_type 6: 'jump' and content is the
 * scan page to open in a new window); -1 insufficient credits (balance); -2 payment declined
 * (data.failure says why); -3 income disagrees with the price; -4 unknown or inactive package;
 * -6 guid unknown, expired or not the caller's; -7 method not available for this order (balance
 * for a recharge); 403 user_id/gainer_id not the caller; 409 guid already used with another body.
 * The same guid and body again answers the first result.
 */
export const pay = defineCall({ path: '/member/Pay/pay', body: PayBody, answer: PayResultWire, access: 'member' });
/** Not in the spec: the order of a guid, for the pages a payer comes back to (404 unknown or not the caller's). */
export const payOrder = defineCall({ path: '/member/pay/order', body: OrderStatusBody, answer: OrderWire, access: 'member' });
