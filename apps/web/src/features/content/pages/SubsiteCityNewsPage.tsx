import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { ChannelArticleList } from '../components/ArticleList.tsx';
import { DistrictChooser, isRegionCode } from '../../../components/DistrictChooser.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';

/** /subsite/cityNews?city= : the district's own news (channel `city` of that region); its links keep the district. */
export default function SubsiteCityNewsPage() {
  const { t } = useTranslation('portal');
  const [params] = useSearchParams();
  const city = params.get('city');
  const { data: regions } = useRegions();
  const name = regionName(regions, city);
  if (!isRegionCode(city) || (regions && !name)) {
    return (
      <RoutePage>
        <DistrictChooser unknown={city !== null} to="/subsite/cityNews" />
      </RoutePage>
    );
  }
  return (
    <RoutePage>
      <SectionLayout section="subsite" active="cityNews" city={city} districtName={name}>
        <ChannelArticleList
          channel="city"
          regionCode={city}
          city={city}
          title={t('subsite.newsTitle', { name: name ?? '' })}
        />
      </SectionLayout>
    </RoutePage>
  );
}
