import { useState } from 'react';

/** A member's picture, or their initial on the brand colour when there is none (or it fails to load). */
export function Avatar({ src, name, size = 40, className = '' }: { src?: string; name: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  const initial = [...(name || '?')][0]!.toUpperCase();
  return (
    <span className={`k-avatar ${className}`} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-label={name}>
      {src && !broken ? <img src={src} alt={name} width={size} height={size} loading="lazy" onError={() => setBroken(true)} /> : initial}
    </span>
  );
}
