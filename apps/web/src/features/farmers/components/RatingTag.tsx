import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FarmerRating } from '@phjr/contract/farmers/farmer-rules';

/** AAA..C in colours from good (green) to weak (orange, red); UNRATED grey. Not a state, so not StateTag. */
const RATING_COLOR: Record<FarmerRating, string> = {
  AAA: 'green',
  AA: 'cyan',
  A: 'blue',
  B: 'orange',
  C: 'red',
  UNRATED: 'default',
};

/** A record's credit rating with its score (`AA · 78`). */
export function RatingTag({ rating, score }: { rating: FarmerRating; score?: number | null }) {
  const { t } = useTranslation('farmers');
  const text =
    rating === 'UNRATED'
      ? t('ratings.UNRATED')
      : score === null || score === undefined
        ? rating
        : `${rating} · ${score}`;
  return (
    <Tag color={RATING_COLOR[rating]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}
