import { region as r, type CountrySpec } from './types';

// prettier-ignore
export const EUROPE: readonly CountrySpec[] = [
  { code: 'GB', name: 'United Kingdom', audience: 24, languages: { en: 1 }, regions: [
    r('England', 56, 0, ['London', 'Manchester', 'Birmingham', 'Leeds', 'Liverpool', 'Bristol', 'Newcastle upon Tyne']),
    r('Scotland', 5.5, 0, ['Glasgow', 'Edinburgh', 'Aberdeen']),
    r('Wales', 3.1, 0, ['Cardiff', 'Swansea']),
    r('Northern Ireland', 1.9, 0, ['Belfast']),
  ] },
  { code: 'FR', name: 'France', audience: 15, languages: { fr: 0.93, en: 0.07 }, regions: [
    r('Île-de-France', 12, 1, ['Paris', 'Boulogne-Billancourt']),
    r('Auvergne-Rhône-Alpes', 8, 1, ['Lyon', 'Grenoble']),
    r("Provence-Alpes-Côte d'Azur", 5, 1, ['Marseille', 'Nice']),
    r('Occitanie', 6, 1, ['Toulouse', 'Montpellier']),
    r('Nouvelle-Aquitaine', 6, 1, ['Bordeaux']),
    r('Hauts-de-France', 6, 1, ['Lille']),
    r('Grand Est', 5.5, 1, ['Strasbourg']),
    r('Pays de la Loire', 3.8, 1, ['Nantes']),
    r('Bretagne', 3.4, 1, ['Rennes', 'Brest']),
  ] },
  { code: 'ES', name: 'Spain|España', audience: 14, languages: { es: 0.93, en: 0.07 }, regions: [
    r('Comunidad de Madrid', 6.8, 1, ['Madrid']),
    r('Cataluña', 7.7, 1, ['Barcelona', 'Girona']),
    r('Andalucía', 8.5, 1, ['Sevilla', 'Málaga', 'Granada']),
    r('Comunidad Valenciana', 5, 1, ['Valencia', 'Alicante']),
    r('País Vasco', 2.2, 1, ['Bilbao', 'San Sebastián']),
    r('Galicia', 2.7, 1, ['Vigo', 'A Coruña']),
    r('Canarias', 2.2, 0, ['Las Palmas de Gran Canaria', 'Santa Cruz de Tenerife']),
    r('Aragón', 1.3, 1, ['Zaragoza']),
    r('Castilla y León', 2.4, 1, ['Valladolid']),
  ] },
  { code: 'DE', name: 'Germany|Deutschland', audience: 11, languages: { de: 0.85, en: 0.15 }, regions: [
    r('Nordrhein-Westfalen', 18, 1, ['Köln', 'Düsseldorf', 'Dortmund']),
    r('Bayern', 13, 1, ['München', 'Nürnberg']),
    r('Baden-Württemberg', 11, 1, ['Stuttgart', 'Karlsruhe']),
    r('Berlin', 3.7, 1, ['Berlin']),
    r('Hamburg', 1.9, 1, ['Hamburg']),
    r('Hessen', 6.3, 1, ['Frankfurt am Main', 'Wiesbaden']),
    r('Niedersachsen', 8, 1, ['Hannover']),
    r('Sachsen', 4, 1, ['Leipzig', 'Dresden']),
  ] },
  { code: 'PT', name: 'Portugal', audience: 2, languages: { pt: 0.95, en: 0.05 }, regions: [
    r('Lisboa', 2.9, 0, ['Lisboa']),
    r('Porto', 1.8, 0, ['Porto']),
    r('Braga', 0.8, 0, ['Braga']),
    r('Setúbal', 0.85, 0, ['Setúbal', 'Almada']),
    r('Faro', 0.45, 0, ['Faro']),
  ] },
  { code: 'IE', name: 'Ireland', audience: 1.5, languages: { en: 1 }, regions: [
    r('Leinster', 2.9, 0, ['Dublin']),
    r('Munster', 1.3, 0, ['Cork', 'Limerick']),
    r('Connacht', 0.6, 0, ['Galway']),
  ] },
  { code: 'CH', name: 'Switzerland|Schweiz', audience: 1.5, languages: { de: 0.62, fr: 0.28, en: 0.1 }, regions: [
    r('Zürich', 1.6, 1, ['Zürich', 'Winterthur'], { languages: { de: 0.9, en: 0.1 } }),
    r('Genève', 0.5, 1, ['Genève'], { languages: { fr: 0.9, en: 0.1 } }),
    r('Vaud', 0.8, 1, ['Lausanne'], { languages: { fr: 0.9, en: 0.1 } }),
    r('Bern', 1, 1, ['Bern'], { languages: { de: 0.9, en: 0.1 } }),
  ] },
  { code: 'AT', name: 'Austria|Österreich', audience: 1.3, languages: { de: 0.9, en: 0.1 }, regions: [
    r('Wien', 1.9, 1, ['Wien']),
    r('Steiermark', 1.2, 1, ['Graz']),
    r('Oberösterreich', 1.5, 1, ['Linz']),
  ] },
  { code: 'IT', name: 'Italy|Italia', audience: 0, languages: {}, regions: [
    r('Lazio', 1, 1, ['Roma']),
    r('Lombardia', 1, 1, ['Milano']),
  ] },
  { code: 'NL', name: 'Netherlands|Nederland', audience: 0, languages: {}, regions: [r('Noord-Holland', 1, 1, ['Amsterdam'])] },
  { code: 'PL', name: 'Poland|Polska', audience: 0, languages: {}, regions: [r('Mazowieckie', 1, 1, ['Warszawa'])] },
  { code: 'SE', name: 'Sweden|Sverige', audience: 0, languages: {}, regions: [r('Stockholm', 1, 1, ['Stockholm'])] },
  { code: 'BE', name: 'Belgium|Belgique', audience: 0, languages: {}, regions: [r('Brussels', 1, 1, ['Brussels'])] },
];
