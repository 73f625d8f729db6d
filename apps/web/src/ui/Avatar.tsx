import { useState } from 'react';

/**
 * A member's picture, or their initial on the brand colour when there is none (or it fails to
 * load). Either way it is one image named after the member for assistive technology.
 */
export function Avatar({ src, name, size = 40, className = '' }: { src?: string; name: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  const initial = [...(name || '?')][0]!.toUpperCase();
  const picture = Boolean(src) && !broken;
  return (
    <span
      className={`k-avatar ${className}`}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      // The initial is drawn by CSS (base.css): it is a picture of a letter, not text of the page, so it
      // never joins the name of a button or link the avatar sits in.
      {...(picture ? {} : { role: 'img', 'aria-label': name, 'data-initial': initial })}
    >
      {picture ? <img src={src} alt={name} width={size} height={size} loading="lazy" onError={() => setBroken(true)} /> : null}
    </span>
  );
}
