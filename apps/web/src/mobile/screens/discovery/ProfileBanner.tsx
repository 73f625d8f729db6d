import { TIMINGS, type MemberDetailWire } from '@kindred/protocol';
import { Swiper } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The profile's photo banner, autoplaying every TIMINGS.bannerMs (spec section 2): the member's
 * background photos, or their avatar when they have none.
 */
export function ProfileBanner({ member, children }: { member: MemberDetailWire; children?: ReactNode }) {
  const { t } = useTranslation('mobile');
  const slides = member.backphotos.length ? member.backphotos.map((b) => ({ key: `b${b.id}`, img: b.img })) : member.avatar ? [{ key: 'avatar', img: member.avatar }] : [];
  return (
    <section className={member.backphotos.length ? 'm-banner' : 'm-banner is-avatar'} aria-label={t('discovery.banner')} data-testid="profile-banner" data-slides={member.backphotos.length}>
      {slides.length ? (
        <Swiper autoplay={slides.length > 1} autoplayInterval={TIMINGS.bannerMs} loop={slides.length > 1} indicator={slides.length > 1 ? undefined : false}>
          {slides.map((slide) => (
            <Swiper.Item key={slide.key}>
              <img className="m-banner-img" src={slide.img} alt="" draggable={false} data-testid="banner-image" />
            </Swiper.Item>
          ))}
        </Swiper>
      ) : (
        <div className="m-banner-empty" aria-hidden="true" />
      )}
      {children}
    </section>
  );
}
