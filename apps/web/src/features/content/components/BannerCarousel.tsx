import { useEffect, useState, type ReactNode } from 'react';
import { LeftOutlined, PauseOutlined, CaretRightOutlined, RightOutlined } from '@ant-design/icons';
import type { SysImage } from '@phjr/contract/system/sys-images';
import { Link } from 'react-router';
import { withCity } from '../../../layouts/site-nav.ts';
import { useTranslation } from 'react-i18next';
import { localizedImage } from '../../../lib/localized.ts';
import { useElderMode } from '../../../lib/elder-mode.ts';
import { prefersReducedMotion } from '../../../lib/media-query.ts';
import './banner-carousel.css';

/** UI.md: banners change every few seconds; readers can stop them (WCAG 2.2.2). */
export const BANNER_INTERVAL_MS = 6000;

/** An in-app path opens in the app; an address elsewhere opens in a new window. */
function BannerLink({ link, city, children }: { link: string | null; city?: string | null; children: ReactNode }) {
  if (!link) return <>{children}</>;
  if (link.startsWith('/') && !link.startsWith('//'))
    return <Link to={city ? withCity(link, city) : link}>{children}</Link>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The banners of one picture place (picManage) as a carousel in plain DOM: antd's Carousel would add a slider
 * library to the portal's first route. Fades between slides; pauses on hover, on focus and with the pause button;
 * still when the reader prefers reduced motion. Space is reserved at the banners' 15:4 shape. On the district site
 * (`city`) an in-app link keeps the district. English readers see a banner's English title and image when it has them.
 */
export function BannerCarousel({
  images: all,
  label,
  city,
}: {
  images: readonly SysImage[];
  label: string;
  city?: string | null;
}) {
  const { t, i18n } = useTranslation('portal');
  // Each banner's title and image in the active language (the Chinese ones where no English one was given).
  const images = all.map((img) => localizedImage(img, i18n.language));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  // Elder mode: the banners never move by themselves (issue 32); the arrows and dots still turn them.
  const elder = useElderMode();
  const count = images.length;
  const active = count ? index % count : 0;
  const still = paused || held || elder;
  useEffect(() => {
    if (count < 2 || still) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, still]);
  if (!count) return null;
  const go = (i: number) => setIndex((i + count) % count);
  return (
    <section
      className="phjr-banner"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="phjr-banner-slides" aria-live={still ? 'polite' : 'off'}>
        {images.map((img, i) => (
          <div
            key={img.id}
            className={i === active ? 'phjr-banner-slide is-active' : 'phjr-banner-slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.bannerSlide', { n: i + 1, total: count, title: img.title })}
            aria-hidden={i !== active}
            inert={i !== active}
          >
            <BannerLink link={img.link} city={city}>
              <img src={img.url} alt={img.title} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="phjr-banner-arrow is-prev"
            onClick={() => go(active - 1)}
            aria-label={t('home.prev')}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="phjr-banner-arrow is-next"
            onClick={() => go(active + 1)}
            aria-label={t('home.next')}
          >
            <RightOutlined aria-hidden />
          </button>
          <div className="phjr-banner-controls">
            {elder ? null : (
              <button
                type="button"
                className="phjr-banner-pause"
                onClick={() => setPaused((p) => !p)}
                aria-label={t(paused ? 'home.play' : 'home.pause')}
              >
                {paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
              </button>
            )}
            {images.map((img, i) => (
              <button
                key={img.id}
                type="button"
                className={i === active ? 'phjr-banner-dot is-active' : 'phjr-banner-dot'}
                aria-label={t('home.bannerSlide', { n: i + 1, total: count, title: img.title })}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
