import { region as r, type CountrySpec } from './types';

// prettier-ignore
export const MIDDLE_EAST_AFRICA: readonly CountrySpec[] = [
  { code: 'TR', name: 'Turkey|Türkiye', audience: 19, languages: { tr: 0.94, en: 0.06 }, regions: [
    r('İstanbul', 15.5, 3, ['İstanbul']),
    r('Ankara', 5.7, 3, ['Ankara']),
    r('İzmir', 4.4, 3, ['İzmir']),
    r('Bursa', 3.1, 3, ['Bursa']),
    r('Antalya', 2.6, 3, ['Antalya']),
    r('Adana', 2.2, 3, ['Adana']),
    r('Konya', 2.3, 3, ['Konya']),
  ] },
  { code: 'SA', name: 'Saudi Arabia|السعودية', audience: 17, languages: { ar: 0.9, en: 0.1 }, regions: [
    r('Riyadh|الرياض', 8.6, 3, ['Riyadh|الرياض']),
    r('Makkah|مكة المكرمة', 8.5, 3, ['Jeddah|جدة', 'Mecca|مكة']),
    r('Eastern Province|المنطقة الشرقية', 5.1, 3, ['Dammam|الدمام', 'Khobar|الخبر']),
    r('Madinah|المدينة المنورة', 2.1, 3, ['Medina|المدينة']),
    r('Asir|عسير', 2.2, 3, ['Abha|أبها']),
  ] },
  { code: 'EG', name: 'Egypt|مصر', audience: 6, languages: { ar: 0.88, en: 0.12 }, regions: [
    r('Cairo|القاهرة', 10, 2, ['Cairo|القاهرة']),
    r('Giza|الجيزة', 9, 2, ['Giza|الجيزة']),
    r('Alexandria|الإسكندرية', 5.4, 2, ['Alexandria|الإسكندرية']),
    r('Dakahlia|الدقهلية', 6.8, 2, ['Mansoura|المنصورة']),
  ] },
  { code: 'AE', name: 'United Arab Emirates|الإمارات', audience: 4, languages: { en: 0.55, ar: 0.45 }, regions: [
    r('Dubai|دبي', 3.6, 4, ['Dubai|دبي']),
    r('Abu Dhabi|أبوظبي', 2.9, 4, ['Abu Dhabi|أبوظبي', 'Al Ain|العين']),
    r('Sharjah|الشارقة', 1.8, 4, ['Sharjah|الشارقة']),
  ] },
  { code: 'KW', name: 'Kuwait|الكويت', audience: 2.5, languages: { ar: 0.8, en: 0.2 }, regions: [
    r('Al Asimah|العاصمة', 1, 3, ['Kuwait City|مدينة الكويت']),
    r('Hawalli|حولي', 1, 3, ['Hawalli|حولي', 'Salmiya|السالمية']),
  ] },
  { code: 'MA', name: 'Morocco|المغرب', audience: 2, languages: { ar: 0.55, fr: 0.45 }, regions: [
    r('Casablanca-Settat|الدار البيضاء سطات', 7, 1, ['Casablanca|الدار البيضاء']),
    r('Rabat-Salé-Kénitra|الرباط سلا القنيطرة', 4.6, 1, ['Rabat|الرباط', 'Salé|سلا']),
    r('Marrakech-Safi|مراكش آسفي', 4.5, 1, ['Marrakech|مراكش']),
  ] },
  { code: 'NG', name: 'Nigeria', audience: 6, languages: { en: 1 }, regions: [
    r('Lagos', 12, 1, ['Lagos', 'Ikeja']),
    r('Federal Capital Territory', 3, 1, ['Abuja']),
    r('Rivers', 5, 1, ['Port Harcourt']),
    r('Kano', 9, 1, ['Kano']),
    r('Oyo', 7, 1, ['Ibadan']),
  ] },
  { code: 'ZA', name: 'South Africa', audience: 4, languages: { en: 1 }, regions: [
    r('Gauteng', 15, 2, ['Johannesburg', 'Pretoria']),
    r('Western Cape', 7, 2, ['Cape Town']),
    r('KwaZulu-Natal', 11, 2, ['Durban']),
  ] },
];
