/**
 * The server may answer /m/login with the sign-in screen already rendered (data-shell on #root,
 * vite-login-shell-plugin.ts). The app must not mount over it until it can paint the same screen:
 * mounting earlier would show the router's blank fallback for as long as the phone's chunk and
 * strings take to arrive. And what a visitor typed into the rendered form meanwhile is kept.
 */

interface RouterLike {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

const settled = (state: RouterLike['state']) => state.initialized && state.navigation.state === 'idle';

/** Resolves once the router has loaded the first page's lazy route (the phone's chunk and its strings). */
export function routerSettled(router: RouterLike): Promise<void> {
  return new Promise((resolve) => {
    if (settled(router.state)) return resolve();
    const stop = router.subscribe((state) => {
      if (!settled(state)) return;
      stop();
      resolve();
    });
  });
}

/**
 * Carries what a visitor did in the rendered form over to the app's: values, focus and caret, and a
 * form sent meanwhile (the boot script holds it and marks it, vite-login-shell-plugin.ts), which the
 * app then sends. Read at the moment React removes the rendered form, so nothing typed up to the
 * last frame is lost; given through the native setter and an input event, which React's controlled
 * inputs take as typing.
 */
export function keepTypedInput(root: HTMLElement): void {
  const form = root.querySelector('form');
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[name]')];
  if (!form || !inputs[0]) return;
  const first = inputs[0];
  const isShellInput = (node: EventTarget | null): node is HTMLInputElement => inputs.includes(node as HTMLInputElement);
  let focused = isShellInput(document.activeElement) ? document.activeElement : null;
  const onFocusIn = (event: FocusEvent) => {
    focused = isShellInput(event.target) ? event.target : null;
  };
  // Losing focus because React removed the input is not the visitor leaving it.
  const onFocusOut = (event: FocusEvent) => queueMicrotask(() => {
    if (event.target === focused && focused?.isConnected) focused = null;
  });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const find = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  // Called right after React's commit, before the frame is painted.
  const observer = new MutationObserver(() => {
    if (first.isConnected) return;
    observer.disconnect();
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    for (const input of inputs) {
      const fresh = find(input.name);
      if (!fresh || input.value === '' || fresh.value !== '') continue;
      setValue.call(fresh, input.value);
      fresh.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const fresh = focused && find(focused.name);
    if (fresh && focused) {
      fresh.focus();
      if (focused.selectionStart !== null) fresh.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    }
    // After React has taken the values in, so the sign-in reads them.
    if (form.hasAttribute('data-submitted')) setTimeout(() => root.querySelector('form')?.requestSubmit(), 0);
  });
  observer.observe(root, { childList: true });
}
