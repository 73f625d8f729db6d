import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy, except that once the module is in (its load started early with `start()`) the
 * component renders at once. React.lazy suspends on its first render even for a module already
 * loaded: a fallback commit, then a second render of the whole tree above it, which a 4× slowed
 * phone pays in hundreds of milliseconds before the first screen (issue 14). The choice is made
 * when an instance mounts, so a mounted one never switches component (which would remount it).
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (error: unknown) => {
        // A failed download may be tried again by the next render, as with React.lazy's own retry.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { start });
}
