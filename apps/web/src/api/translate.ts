import { translateText, type TranslateBody } from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account';
import { call } from './client';

/**
 * Translates a chat text (en, zh simplified, cht traditional). It may cost credits, so the balance
 * shown elsewhere is refreshed after each success.
 */
export function useTranslateMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslateBody) => call(translateText, body),
    onSuccess: (answer) => {
      if (answer.charged > 0) void qc.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
