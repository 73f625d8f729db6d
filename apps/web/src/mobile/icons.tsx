import type { ReactNode, SVGProps } from 'react';

/**
 * A few line icons drawn for Kindred, so the mobile chunk needs no icon package. Each is a
 * named export: a screen pulls in only the ones it uses.
 */
function icon(paths: ReactNode) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
        {paths}
      </svg>
    );
  };
}

/** The brand mark of apps/web/public/static/favicon.svg. */
export function LogoMark({ size = 56 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#fff" />
      <path d="M32 50 14 32a10 10 0 0 1 18-12 10 10 0 0 1 18 12Z" fill="#e5486f" />
    </svg>
  );
}

export const UserIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
  </>,
);
export const LockIcon = /* @__PURE__ */ icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7.5a4 4 0 0 1 8 0V11" />
  </>,
);
export const MailIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </>,
);
export const GlobeIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </>,
);
export const EyeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = /* @__PURE__ */ icon(
  <>
    <path d="M9.9 5.2A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
);
export const ChevronLeftIcon = /* @__PURE__ */ icon(<path d="m15 5-7 7 7 7" />);
export const CheckIcon = /* @__PURE__ */ icon(<path d="m5 12.5 4.5 4.5L19 7.5" />);
export const HomeIcon = /* @__PURE__ */ icon(<path d="M3 11 12 3.5l9 7.5v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1Z" />);
export const CompassIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5Z" />
  </>,
);
export const ChatIcon = /* @__PURE__ */ icon(<path d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3.5 20.5l1.4-4.6A8.5 8.5 0 1 1 21 11.5Z" />);
export const HeartIcon = /* @__PURE__ */ icon(<path d="M12 20.5s-7.5-4.6-9.4-9.3A5.3 5.3 0 0 1 12 6.4a5.3 5.3 0 0 1 9.4 4.8c-1.9 4.7-9.4 9.3-9.4 9.3Z" />);
export const CoinIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.8 9.2c-.4-.9-1.5-1.5-2.8-1.5-1.6 0-2.8.8-2.8 2s1.2 1.7 2.8 2 2.8.8 2.8 2.1-1.2 2-2.8 2c-1.3 0-2.4-.6-2.8-1.5M12 6v1.7M12 16.3V18" />
  </>,
);
export const CrownIcon = /* @__PURE__ */ icon(<path d="M4 18.5h16M4.5 8l4 3.8L12 5l3.5 6.8 4-3.8-1.6 8H6.1Z" />);
export const GiftIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3.5" y="8" width="17" height="4.5" rx="1" />
    <path d="M5.5 12.5V20h13v-7.5M12 8v12M12 8S10.8 3.6 8.4 4.1C6.6 4.5 7 8 12 8Zm0 0s1.2-4.4 3.6-3.9C17.4 4.5 17 8 12 8Z" />
  </>,
);
export const PictureIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.6" />
    <path d="m21 15.5-5-5-9.5 9" />
  </>,
);
export const HeadsetIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
    <path d="M4 14.5h3v5.5H5a1 1 0 0 1-1-1ZM20 14.5h-3v5.5h2a1 1 0 0 0 1-1Z" />
  </>,
);
export const FlagIcon = /* @__PURE__ */ icon(<path d="M5.5 21V4M5.5 4.5h11l-2.2 4 2.2 4h-11" />);
export const SettingsIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </>,
);
export const CalendarIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);
export const PinIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
);
export const IdIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M5.8 16c.5-1.4 1.7-2.2 3.2-2.2s2.7.8 3.2 2.2M14.5 10h3.5M14.5 13.5h3.5" />
  </>,
);
export const PenIcon = /* @__PURE__ */ icon(<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16Z M13.5 6.5l4 4" />);
export const KeyIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8.5-8.5M16.5 6.5l2.5 2.5M14.5 8.5l2 2" />
  </>,
);
export const CameraIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 8h3l1.8-2.5h6.4L17 8h3a1 1 0 0 1 1 1v9.5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
    <circle cx="12" cy="13.3" r="3.5" />
  </>,
);
export const ClockIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const PlusIcon = /* @__PURE__ */ icon(<path d="M12 5v14M5 12h14" />);
export const CloseIcon = /* @__PURE__ */ icon(<path d="M6 6l12 12M18 6 6 18" />);
export const TrashIcon = /* @__PURE__ */ icon(<path d="M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />);
export const SmileIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </>,
);
