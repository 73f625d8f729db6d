import { ERRORS, LANGUAGES, TIMINGS, type Language, type OrderWire } from '@kindred/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateGuidMutation, usePayMutation } from '../api/billing';
import { ApiError } from '../api/client';
import { errorText } from '../api/errors';
import { useSession } from '../state/session';
import { checkPayer, payBody, problemText, submitGuardMs, type PayerForm, type PayOrder } from './payment-form';

/** What the screen must do after a submit (docs/product-rules.md §4 "Payment"). */
export type PayOutcome =
  /** Paid at once: the success message; the member is already updated. */
  | { kind: 'ok'; guid: string; order: OrderWire }
  /** The browser goes to the provider's page, which comes back to the pay-return page. */
  | { kind: 'jump'; guid: string; url: string }
  /** A full-page frame with the provider's challenge. */
  | { kind: 'iframe'; guid: string; url: string }
  /** Method 6: after a confirmation the QR page opens in a new window; this page waits for the order. */
  | { kind: 'scan'; guid: string; url: string; order: OrderWire }
  /** A balance payment short of credits: "Sorry, your credit is running low", with a way to recharge. */
  | { kind: 'short' }
  /** "Payment failed", and what the server said when it said more than that. */
  | { kind: 'failed'; detail: string | null }
  /** The form is not filled properly; `text` says what to fix first. */
  | { kind: 'invalid'; text: string; field?: string }
  /** Submitted again inside the guard's time: "Please wait patiently". */
  | { kind: 'busy' };

const FAILED_WITHOUT_DETAIL = new Set(['payment_declined', 'internal', undefined]);

/**
 * One payment on either interface: the form's checks, the submit guard (10 s phone for the card
 * form and the direct upgrade methods, 3 s desktop), the 5 s loading overlay, the guid (reused by a
 * retry of the very same payment so it is charged once), member/Pay/pay, and its answer turned into
 * a `PayOutcome`. Screens only lay out the form and act on the outcome.
 */
export function usePayment(iface: 'm' | 'w') {
  const { t, i18n } = useTranslation(iface === 'm' ? 'mobile' : 'desktop');
  const { t: tCommon } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const guidMutation = useGenerateGuidMutation();
  const payMutation = usePayMutation();
  const lastSubmit = useRef(0);
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; guid: string } | null>(null);
  const [overlay, setOverlay] = useState(false);
  const overlayTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(overlayTimer.current), []);

  const showOverlay = () => {
    setOverlay(true);
    clearTimeout(overlayTimer.current);
    // docs/product-rules.md §4: the loading overlay closes after 5 s whatever happens.
    overlayTimer.current = setTimeout(() => setOverlay(false), TIMINGS.spinnerMs);
  };
  const hideOverlay = () => {
    clearTimeout(overlayTimer.current);
    setOverlay(false);
  };

  async function submit(order: PayOrder, payer: PayerForm): Promise<PayOutcome> {
    const problem = checkPayer(order.payType, payer);
    if (problem) return { kind: 'invalid', text: problemText(t, problem), field: problem.field };
    const guard = submitGuardMs(iface, order.payType, order.orderType);
    const now = Date.now();
    if (inFlight.current || (guard > 0 && now - lastSubmit.current < guard)) return { kind: 'busy' };
    if (userId == null) return { kind: 'failed', detail: null };
    lastSubmit.current = now;
    inFlight.current = true;
    showOverlay();
    // The same payment retried (no answer came) keeps its guid, so the server charges it once.
    const key = JSON.stringify([order, payer]);
    try {
      const guid = attempt.current?.key === key ? attempt.current.guid : (await guidMutation.mutateAsync()).guid;
      attempt.current = { key, guid };
      const lang = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as Language) : 'en';
      const answer = await payMutation.mutateAsync(payBody(order, payer, { userId, guid, iface, lang }));
      attempt.current = null;
      if (order.payType === 6 && answer.content) return { kind: 'scan', guid, url: answer.content, order: answer.order };
      if (answer.type === 'ok' && answer.order.status !== 'failed') return { kind: 'ok', guid, order: answer.order };
      if (answer.type === 'jump' && answer.content) return { kind: 'jump', guid, url: answer.content };
      if (answer.type === 'iframe' && answer.content) return { kind: 'iframe', guid, url: answer.content };
      return { kind: 'failed', detail: null };
    } catch (error) {
      // Any answer from the server ends this attempt; only a lost request may be sent again as it was.
      if (!(error instanceof ApiError) || error.status !== 0) attempt.current = null;
      if (error instanceof ApiError && error.id === 'insufficient_credits' && error.status === ERRORS.insufficient_credits.status) return { kind: 'short' };
      const id = error instanceof ApiError ? error.id : undefined;
      return { kind: 'failed', detail: FAILED_WITHOUT_DETAIL.has(id) ? null : errorText(tCommon, error) };
    } finally {
      inFlight.current = false;
      hideOverlay();
    }
  }

  return { submit, overlay, pending: guidMutation.isPending || payMutation.isPending };
}
