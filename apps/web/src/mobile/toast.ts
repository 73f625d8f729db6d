type Kind = 'success' | 'fail' | 'info';

let impl: Promise<typeof import('./toast-impl')> | undefined;

/** Shows a short message; the first call loads antd-mobile's Toast (docs/architecture.md §9: keep /m/login light). */
export function toast(content: string, kind: Kind = 'info', duration = 2000): void {
  impl ??= import('./toast-impl');
  void impl.then(({ Toast }) =>
    Toast.show({ content, icon: kind === 'info' ? undefined : kind, duration, maskClickable: true, position: 'center' }),
  );
}

export const toastSuccess = (content: string) => toast(content, 'success');
/** Failures stay a little longer: they usually say what to fix. */
export const toastFail = (content: string) => toast(content, 'info', 2500);
