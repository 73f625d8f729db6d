import type { SVGProps } from 'react';

/** The chat screens' own line icons, drawn like those of mobile/icons.tsx. */
const base: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
};

export const MoreIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="19" cy="12" r="1.2" fill="currentColor" />
  </svg>
);

export const TranslateIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M3 5h9M7.5 3v2M10 5c-.8 3.5-3 6.3-6 8M5.5 8.5c1 2 2.6 3.6 4.5 4.5" />
    <path d="m12 21 4.5-10 4.5 10M13.6 17.5h5.8" />
  </svg>
);

export const SendIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M21 3 10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5Z" />
  </svg>
);
