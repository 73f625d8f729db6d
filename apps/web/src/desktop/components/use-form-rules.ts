import { EMAIL_PATTERN, isAdult, LIMITS, USERNAME_PATTERN } from '@kindred/protocol';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { birthdayMs } from './birthday';

/** antd form rules built from the protocol's limits and patterns, with translated messages. */
export function useFormRules() {
  const { t } = useTranslation();
  const field = (name: string) => t(`fields.${name}`);
  return {
    required: (name: string): FormRule => ({ required: true, whitespace: true, message: t('validation.required', { field: field(name) }) }),
    requiredChoice: (name: string): FormRule => ({ required: true, message: t('validation.required', { field: field(name) }) }),
    email: { pattern: EMAIL_PATTERN, message: t('validation.email') } satisfies FormRule,
    username: (min: number, max: number): FormRule => ({
      validator: (_, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (!v) return Promise.resolve();
        return USERNAME_PATTERN.test(v) && v.length >= min && v.length <= max ? Promise.resolve() : Promise.reject(new Error(t('validation.username', { min, max })));
      },
    }),
    password: {
      validator: (_, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (!v) return Promise.resolve();
        return v.length >= LIMITS.passwordMin && v.length <= LIMITS.passwordMax
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.passwordLength', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })));
      },
    } satisfies FormRule,
    /** The repeat must equal `other` once both are trimmed. */
    sameAs: (other: string): FormRule => ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (!v || v === String(getFieldValue(other) ?? '').trim()) return Promise.resolve();
        return Promise.reject(new Error(t('validation.passwordMismatch')));
      },
    }),
    adult: {
      validator: (_, value: Dayjs | null | undefined) =>
        !value || isAdult(birthdayMs(value), LIMITS.minAge) ? Promise.resolve() : Promise.reject(new Error(t('validation.age', { age: LIMITS.minAge }))),
    } satisfies FormRule,
  };
}
