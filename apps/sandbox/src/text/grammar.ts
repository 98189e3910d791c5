import type { Rng } from '../random/prng';
import { WORLD_GRAMMARS } from './grammar-world';
import { ES_WORDS, EN_WORDS, JA_WORDS, englishPlural } from './vocabulary';

/**
 * A small phrase grammar per language (English, Japanese, Spanish here; the others in
 * ./grammar-world): sentence frames whose
 * slots are filled from the common vocabulary (./vocabulary) conditioned on the post's interest
 * category, beside the interest words themselves ({a}, {b}) and the usual {tag}, {mention}, {emoji}.
 * Grammar slots, per language:
 *
 * - en: {n} noun, {ns} plural noun, {person} a kind of person, {adj}, {v} verb (base form), {adv}
 * - ja: {n} noun, {vn} noun taking する (勉強), {i} い-adjective, {na} な-adjective stem, {v} verb
 *   (dictionary form)
 * - es: {el} / {un} noun with article ("la ciudad" / "un viaje"), {ela} / {una} the same with an
 *   agreeing adjective, {losa} plural with article and adjective, {ps} bare plural, {psa} bare
 *   plural with adjective, {inf} infinitive, {adj} masculine adjective
 *
 * Each slot is drawn when it is met, left to right, so a post stays a pure function of its seed.
 */
export interface Grammar {
  post: readonly string[];
  reply: readonly string[];
  bio: readonly string[];
  slot(name: string, rng: Rng, category: number): string | undefined;
  /**
   * Inflects a fixed slot's word for a "{a_form}" slot (Korean particles: {a_obj} → "재즈를");
   * languages without one write the word as it is.
   */
  inflect?(word: string, form: string): string | undefined;
}

const EN: Grammar = {
  post: [
    'Anyone else obsessed with {a} lately? The {n} alone {emoji} {tag}',
    'Hot take: {a} needs more {adj} {ns}. {tag}',
    'Spent the whole weekend on {a} and the {n}. No regrets {emoji}',
    'Still thinking about that {adj} {n} from the {a} thread',
    'Trying to {v} my {n} before the {a} meetup {emoji}',
    'Honestly the {n} is the most {adj} part of {a}',
    'Not me learning to {v} {ns} at 2am because of {a}',
    "Today's {a} plan: {v} the {n}, {v} the {n}, then {b}",
    'New thread on {a}, {ns} and why the {n} matters 🧵 {tag}',
    'Can we talk about {a}? The {n} was {adv} {adj} {mention}',
    "If you like {a}, you'll love this {adj} {n} {tag}",
    '{adv} the best {n} I have seen this year. {tag} {tag2}',
    'My {person} says I spend too much time on {a}. Fair.',
    'Quick question for {a} people: how do you {v} your {n}?',
    'The {adj} {n} at the {a} thing today 😂',
    'Reading about {ns} and {a} tonight. {tag}',
    'Why is nobody talking about the {n} in {a}?',
    'Morning {a}, evening {b}, {ns} in between {emoji}',
    'Unpopular opinion: {ns} are {adv} {adj}',
    'Love when {a} and a good {n} come together {emoji}',
    '{a} update: the {n} is {adj} now {tag}',
    'Who else is going to {v} the {n} this weekend? {tag}',
    'Every {n} needs a little {a} {emoji}',
    "The {n} from last night's {a} session was {adj}",
    'Best {a} moment of the year so far: the {adj} {n}. {tag} {tag2}',
    'Note to self: {v} more, {v} less. Also {a}.',
    '{adj} {n}, {adj} {ns}, {a}. That is the post.',
    'Looking for {adj} {ns} for {a}, any ideas? {mention}',
    'Met another {person} at the {a} event who wants to {v} every {n} {emoji}',
    'Day off. {a}, a {adj} {n} and nothing else.',
    'The {person} next to me at the {n} is {adv} into {a} too',
    'What a week for {a}... and the {n} {tag}',
  ],
  reply: [
    'Totally agree, the {n} is {adj}',
    'This is so true about {a}',
    'Haha 😂 the {n}',
    'Great point about the {ns}.',
    'Not sure about {a} tbh',
    'Thanks for sharing! {adv} {adj}',
    '{emoji}{emoji}',
    'Same here, still trying to {v} my {n}',
    'Wait, {adj} {ns}? Since when',
    'My {person} would love this',
  ],
  bio: [
    '{job} in {city}. Into {a}, {ns} & {b}.',
    '{adj} {person}. {a} / {b}',
    '{a} nerd, {person} at heart {emoji}',
    'Here for {a}, {b} & {adj} {ns}',
    '{job}. I {v} {ns} and talk about {a}.',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'n':
        return EN_WORDS.noun(rng, category);
      case 'ns':
        return englishPlural(EN_WORDS.noun(rng, category));
      case 'person':
        return EN_WORDS.person.draw(rng, category);
      case 'adj':
        return EN_WORDS.adjective.draw(rng, category);
      case 'v':
        return EN_WORDS.verb.draw(rng, category);
      case 'adv':
        return EN_WORDS.adverb.draw(rng, category);
      default:
        return undefined;
    }
  },
};

const JA: Grammar = {
  post: [
    '今日は{a}と{n}の日でした {emoji} {tag}',
    '{a}の{n}、最高すぎる… {tag}',
    '{n}と{a}について考えてる',
    '誰か{a}好きな人いますか？{n}の話がしたい {tag}',
    '週末は{a}と{n}三昧でした{emoji}',
    '{a}の新作、{n}が{i} {tag} {tag2}',
    '{mention} さんの{a}と{n}の話、めっちゃわかる',
    'おはようございます！今日も{a}と{vn}頑張ります',
    '{n}が{na}すぎて{a}どころじゃない',
    'そろそろ{vn}したい。{a}も{n}も',
    '{a}界隈の{n}、{i}よね',
    '{n}を{v}のが{a}の醍醐味',
    '久しぶりに{n}で{vn}した{emoji}',
    '{a}のために{n}を買った。{i}',
    '{n}って{na}だよね。{a}好きとしては',
    '今日の{a}：{n}、{n}、{vn}',
    '{vn}中。{n}が{i}… {tag}',
    '明日は{n}を{v}予定 {emoji}',
    '{a}の{n}、思ったより{i}',
    '{n}より{n}派です。{a}的に',
    '結局{a}は{n}が大事',
    '{a}しながら{n}の{vn}をしてる',
    '{na}な{n}が好き。{a}も',
    '{n}に{vn}してから{a}が{i}',
  ],
  reply: [
    'わかります！',
    'それな',
    '{n}、{i}ですね{emoji}',
    'ありがとうございます！',
    '{a}いいですね',
    '草',
    '{vn}お疲れさまです',
    '{n}気になります',
  ],
  bio: [
    '{job}｜{a}・{b}・{n}',
    '{city}在住。{a}と{n}が好き',
    '{n}と{a}の人。{vn}中',
    '{a}垢。{na}な{n}を探してます',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'n':
        return JA_WORDS.noun.draw(rng, category);
      case 'vn':
        return JA_WORDS.verbalNoun.draw(rng, category);
      case 'i':
        return JA_WORDS.adjective.draw(rng, category);
      case 'na':
        return JA_WORDS.naAdjective.draw(rng, category);
      case 'v':
        return JA_WORDS.verb.draw(rng, category);
      default:
        return undefined;
    }
  },
};

const ES: Grammar = {
  post: [
    '¿Alguien más obsesionado con {a} últimamente? {tag}',
    'Opinión impopular: {a} necesita {psa}. {tag}',
    'Todo el finde con {a} y {el}. Cero arrepentimientos {emoji}',
    'Hoy toca {inf} y después {a} {emoji}',
    'Sigo pensando en {ela} del hilo de {a}',
    'Nuevo hilo sobre {a}, {ps} y {el} 🧵 {tag}',
    '¿Hablamos de {a}? Lo de {ela} no tiene nombre {mention}',
    'Lo mejor de {a} es {ela}',
    'Con ganas de {inf} y de {una} {emoji}',
    'Pregunta para la gente de {a}: ¿cómo hacen para {inf} {el}?',
    'Mañana de {a}, tarde de {b} y {ps} {emoji}',
    '{a} y {ps}: la combinación perfecta {tag} {tag2}',
    'Aprendiendo a {inf} gracias a {a}',
    'Me encontré {una} en medio de {a} 😂',
    'Si te gusta {a}, te va a encantar {ela} {tag}',
    'Leyendo sobre {ps} y {a} esta noche. {tag}',
    'Nadie habla de {ela} en {a}',
    'Plan del día: {inf}, {inf} y algo de {a}',
    'Qué semana para {a}... y {el} {tag}',
    'Todo muy {adj} con {el} hoy',
    'Necesito {una} para {inf} {el}',
    'Entre {ps}, {ps} y {a} se me fue el día',
    'Por fin {losa} de {a} {emoji}',
    'Recomienden {psa} para alguien que empieza con {a}',
    'Hoy: {ela}, {ps} y un poco de {a} {emoji}',
    'Cosas que me hacen feliz: {a}, {psa} y {ela}',
    'No hay nada como {ela} después de {inf} {emoji}',
    'Lista para el finde: {inf}, {inf} y {a}. Y {una}, claro',
    'Desde que empecé con {a} veo {psa} por todas partes',
    'Dato curioso: {ela} tiene más que ver con {a} de lo que parece {tag}',
  ],
  reply: [
    '¡Totalmente de acuerdo!',
    'Muy cierto lo de {el}',
    'Jaja 😂',
    'Buen punto sobre {ela}.',
    'No sé, {a} no me convence',
    '¡Gracias por compartir!',
    '{emoji}{emoji}',
    'Igual que yo con {el}',
    'Me pasa lo mismo con {ps}',
  ],
  bio: [
    '{job} en {city}. Fan de {a} y de {ps}.',
    '{a} | {b} | {ps}',
    'Aprendiendo a {inf}. {a} y {b} {emoji}',
    '{job}. Hablo de {a}, {ps} y {el}.',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'el':
        return ES_WORDS.phrase(rng, category, 'el', false, false);
      case 'un':
        return ES_WORDS.phrase(rng, category, 'un', false, false);
      case 'ela':
        return ES_WORDS.phrase(rng, category, 'el', false, true);
      case 'una':
        return ES_WORDS.phrase(rng, category, 'un', false, true);
      case 'losa':
        return ES_WORDS.phrase(rng, category, 'el', true, true);
      case 'ps':
        return ES_WORDS.plural.draw(rng, category);
      case 'psa':
        return ES_WORDS.phrase(rng, category, '', true, true);
      case 'inf':
        return ES_WORDS.infinitive.draw(rng, category);
      case 'adj':
        return ES_WORDS.adjective.draw(rng, category);
      default:
        return undefined;
    }
  },
};

/** Grammars by language code (./grammar-world has the other languages'). */
export const GRAMMARS: Readonly<Partial<Record<string, Grammar>>> = {
  en: EN,
  ja: JA,
  es: ES,
  ...WORLD_GRAMMARS,
};

/**
 * Fills a frame: grammar slots are drawn from the vocabulary for `category`, other slots come from
 * `fixed` (unknown ones become empty). Collapses the double spaces empty slots leave.
 */
export function fillGrammar(
  grammar: Grammar,
  template: string,
  rng: Rng,
  category: number,
  fixed: Readonly<Record<string, string>>,
): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = fixed[name];
      if (value !== undefined) return value;
      const cut = name.indexOf('_');
      const base = cut > 0 ? fixed[name.slice(0, cut)] : undefined;
      if (base !== undefined) return grammar.inflect?.(base, name.slice(cut + 1)) ?? base;
      return grammar.slot(name, rng, category) ?? '';
    })
    .replace(/\s{2,}/g, ' ')
    .trim();
}
