import type { ReactNode } from 'react';
import './menu-icon.css';

export type Tone = 'gold' | 'violet' | 'pink' | 'blue' | 'green' | 'orange' | 'grey';

/** The tinted square icon in front of a menu row. */
export function MenuIcon({ children, tone }: { children: ReactNode; tone: Tone }) {
  return <span className={`m-menu-icon m-tone-${tone}`}>{children}</span>;
}
