import { TIMINGS, type MemberDetailWire } from '@kindred/protocol';
import { Swiper } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerArt } from '../../../ui/BannerArt';

/**
 * The profile's photo banner, autoplaying every TIMINGS.bannerMs (docs/product-rules.md §2): the
 * member's background photos, or the designed default when they have none (issue 13: never the
 * small avatar stretched and blurred to the banner's size).
 */
export function ProfileBanner({ member, children }: { member: MemberDetailWire; children?: ReactNode }) {
  const { t } = useTranslation('mobile');
  const slides = member.backphotos.map((b) => ({ key: `b${b.id}`, img: b.img }));
  return (
    <section className="m-banner" aria-label={t('discovery.banner')} data-testid="profile-banner" data-slides={slides.length}>
      {slides.length ? (
        <Swiper autoplay={slides.length > 1} autoplayInterval={TIMINGS.bannerMs} loop={slides.length > 1} indicator={slides.length > 1 ? undefined : false}>
          {slides.map((slide) => (
            <Swiper.Item key={slide.key}>
              <img className="m-banner-img" src={slide.img} alt="" draggable={false} data-testid="banner-image" />
            </Swiper.Item>
          ))}
        </Swiper>
      ) : (
        <BannerArt className="m-banner-art" />
      )}
      {children}
    </section>
  );
}
