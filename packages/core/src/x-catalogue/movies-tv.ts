import { fnv1a as hashString } from '../hash';
import type { LanguageCode } from './languages';
import { interestByKey } from './interests';

/**
 * Movies and TV shows that audiences can be targeted by (X's MOVIES_AND_TV_SHOWS criteria carry a
 * name, a genre and a locale). Titles are invented so the sandbox holds no real catalogue; each is
 * tied to the interest its viewers share and to the language it is mostly watched in.
 */
export interface MovieOrShow {
  index: number;
  name: string;
  kind: 'MOVIE' | 'TV_SHOW';
  genre: string;
  locale: string;
  language: LanguageCode;
  interest: number;
  targetingValue: string;
}

// "Title|MOVIE or TV_SHOW|genre|locale|interest key"
// prettier-ignore
const TITLES = [
  'Harbor Lights|TV_SHOW|DRAMA|en-US|movies-tv/drama', 'The Long Season|TV_SHOW|SPORTS|en-US|sports/american-football',
  'Night Shift Diaries|TV_SHOW|COMEDY|en-US|movies-tv/comedy', 'Orbital|MOVIE|SCI_FI|en-US|movies-tv/sci-fi-and-fantasy-films',
  'Iron Meridian|MOVIE|ACTION|en-US|movies-tv/action', 'The Quiet House|MOVIE|HORROR|en-US|movies-tv/horror',
  'Island Match|TV_SHOW|REALITY|en-US|movies-tv/reality-tv', 'Kitchen Clash|TV_SHOW|REALITY|en-GB|food/cooking',
  'Parliament Street|TV_SHOW|DRAMA|en-GB|politics/politics', 'Deep Blue Planet|TV_SHOW|DOCUMENTARY|en-GB|science/climate-and-environment',
  'Code Red Valley|TV_SHOW|DRAMA|en-US|technology/software', 'Pitch Perfect Eleven|MOVIE|SPORTS|en-GB|sports/soccer',
  'Mumbai Monsoon|MOVIE|ROMANCE|en-IN|movies-tv/drama', 'Boundary Line|TV_SHOW|SPORTS|en-IN|sports/cricket',
  '星降る町の図書館|MOVIE|ANIMATION|ja-JP|movies-tv/animation', '東京ランナーズ|TV_SHOW|DRAMA|ja-JP|movies-tv/drama',
  '放課後ゲーマーズ|TV_SHOW|ANIMATION|ja-JP|gaming/console-gaming', '深夜食堂の灯り|TV_SHOW|DRAMA|ja-JP|food/cooking',
  '甲子園への道|TV_SHOW|SPORTS|ja-JP|sports/baseball', '鋼の守護者|MOVIE|ANIMATION|ja-JP|hobbies/anime-and-manga',
  'お笑い最強決定戦|TV_SHOW|COMEDY|ja-JP|movies-tv/comedy', '바람의 궁전|TV_SHOW|DRAMA|ko-KR|movies-tv/drama',
  '서울 로맨스|TV_SHOW|ROMANCE|ko-KR|movies-tv/drama', '아이돌 서바이벌|TV_SHOW|REALITY|ko-KR|music/k-pop',
  '한강의 밤|MOVIE|THRILLER|ko-KR|movies-tv/action', 'La Casa del Puerto|TV_SHOW|DRAMA|es-ES|movies-tv/drama',
  'Clásico Eterno|TV_SHOW|SPORTS|es-ES|sports/soccer', 'Amores de Barrio|TV_SHOW|ROMANCE|es-MX|movies-tv/drama',
  'Los Tres Caminos|MOVIE|ACTION|es-MX|movies-tv/action', 'Risas en Vivo|TV_SHOW|COMEDY|es-AR|movies-tv/comedy',
  'Ritmo Urbano|TV_SHOW|MUSIC|es-CO|music/latin-music', 'Cozinha de Vó|TV_SHOW|REALITY|pt-BR|food/cooking',
  'Favela Futebol Clube|MOVIE|SPORTS|pt-BR|sports/soccer', 'Amor em Copacabana|TV_SHOW|ROMANCE|pt-BR|movies-tv/drama',
  'Casa dos Desafios|TV_SHOW|REALITY|pt-BR|movies-tv/reality-tv', 'Le Bureau des Rêves|TV_SHOW|COMEDY|fr-FR|movies-tv/comedy',
  'Nuit Blanche à Paris|MOVIE|DRAMA|fr-FR|movies-tv/drama', 'Le Grand Chef|TV_SHOW|REALITY|fr-FR|food/cooking',
  'Die Nordsee-Kommissarin|TV_SHOW|CRIME|de-DE|movies-tv/drama', 'Berliner Nächte|MOVIE|DRAMA|de-DE|movies-tv/drama',
  'Bundesliga Insider|TV_SHOW|SPORTS|de-DE|sports/soccer', 'Boğazdaki Ev|TV_SHOW|DRAMA|tr-TR|movies-tv/drama',
  'Anadolu Kartalı|TV_SHOW|ACTION|tr-TR|movies-tv/action', 'ليالي الصحراء|TV_SHOW|DRAMA|ar-SA|movies-tv/drama',
  'حارة النجوم|TV_SHOW|COMEDY|ar-EG|movies-tv/comedy', 'دوري الأبطال الليلة|TV_SHOW|SPORTS|ar-SA|sports/soccer',
  'Cinta di Jakarta|TV_SHOW|ROMANCE|id-ID|movies-tv/drama', 'Hantu Kampus|MOVIE|HORROR|id-ID|movies-tv/horror',
  'Warung Rasa|TV_SHOW|REALITY|id-ID|food/street-food',
];

export const MOVIES_TV_SHOWS: readonly MovieOrShow[] = TITLES.map((spec, index) => {
  const [name = spec, kind = 'MOVIE', genre = 'DRAMA', locale = 'en-US', interestKey = ''] = spec.split('|');
  return {
    index,
    name,
    kind: kind === 'TV_SHOW' ? 'TV_SHOW' : 'MOVIE',
    genre,
    locale,
    language: locale.slice(0, 2) as LanguageCode,
    interest: interestByKey(interestKey).index,
    targetingValue: String(10_000_000 + (hashString(`title:${name}`) % 90_000) * 100 + index),
  };
});
