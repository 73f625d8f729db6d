import { useId } from 'react';

/** The brand heart (24-unit box), the same shape the logo uses. */
const HEART = 'M12 21s-7-4.4-9.3-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.3 6c-2.3 4.6-9.3 9-9.3 9Z';

/** Hearts scattered over the banner: x, y, scale, rotation, opacity. */
const HEARTS: [number, number, number, number, number][] = [
  [28, 30, 2.2, -14, 0.16],
  [300, 18, 3.4, 12, 0.13],
  [168, 96, 1.3, -6, 0.22],
  [350, 130, 1.6, 18, 0.18],
  [64, 146, 1.1, 10, 0.2],
  [236, 150, 2.6, -10, 0.1],
  [120, 12, 0.9, 4, 0.24],
];

/**
 * A designed default for a profile without background photos (issue 13): the brand gradient with
 * soft hearts, drawn in vectors so it is sharp at any size, instead of a small avatar blown up into
 * a blurry, stretched banner. It covers its box; the box sets the size.
 */
export function BannerArt({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg className={className ? `k-banner-art ${className}` : 'k-banner-art'} viewBox="0 0 390 230" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" data-testid="banner-default">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7a1b5" />
          <stop offset="0.5" stopColor="#e5486f" />
          <stop offset="1" stopColor="#b92f5a" />
        </linearGradient>
      </defs>
      <rect width="390" height="230" fill={`url(#${gradient})`} />
      <circle cx="330" cy="210" r="120" fill="#fff" opacity="0.07" />
      <circle cx="-10" cy="60" r="90" fill="#fff" opacity="0.06" />
      {HEARTS.map(([x, y, scale, rotate, opacity]) => (
        <path key={`${x}-${y}`} d={HEART} fill="#fff" opacity={opacity} transform={`translate(${x} ${y}) rotate(${rotate} 12 12) scale(${scale})`} />
      ))}
      <path d="M0 196 C 90 170 170 222 260 200 S 360 176 390 186 V 230 H 0 Z" fill="#fff" opacity="0.1" />
    </svg>
  );
}
