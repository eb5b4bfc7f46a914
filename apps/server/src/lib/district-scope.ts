/**
 * The district scope of a supervising unit (docs/decisions/0013-demands.md "Who acts", and the shelter, farmer and credit reads copy it): a
 * unit of the city itself sees every district (null), a district's unit its own district, a unit without a region
 * nothing. `cityLevel`: whether the unit's region is the whole city (db/regions.repo.ts).
 */
export const supervisedDistricts = (regionCode: string | null, cityLevel: boolean): string[] | null =>
  cityLevel ? null : regionCode ? [regionCode] : [];
