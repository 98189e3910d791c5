import type { Grammar } from './grammar';
import {
  AR_WORDS,
  ID_WORDS,
  KO_WORDS,
  TR_WORDS,
  koreanAdnominal,
  koreanParticle,
  turkishInfinitiveDative,
  turkishSuffix,
  type KoreanParticle,
  type TurkishCase,
} from './vocabulary-world';
import { DE, FR, PT } from './grammar-european';

/**
 * Phrase grammars for the other population languages, like those of ./grammar (English, Japanese,
 * Spanish): frames whose slots are drawn from each language's common vocabulary
 * (./vocabulary-world) for the post's interest category, beside {a} {b} (interest words), {tag},
 * {mention}, {emoji}. Slots, per language:
 *
 * - pt: {o} {um} {do} {no} noun with article (contracted with de/em: "da cidade", "no carro"), {oa}
 *   {uma} {doa} the same with an agreeing adjective, {osa} plural with article and adjective, {ps}
 *   bare plural, {psa} bare plural with adjective, {inf} infinitive, {adj} masculine adjective
 * - fr: {le} {un} {du} {au} noun with determiner (elided, contracted: "l'eau", "du projet", "à la
 *   maison"), {lea} {una} {dua} {aua} with an adjective, {les} {des} plural, {lesa} {desa} plural with
 *   adjective, {deps} plural after de ("plus de voitures", "d'avions"), {inf} infinitive, {de_inf}
 *   "de"/"d'" and an infinitive, {a_de} the same before an interest word
 * - de: {der} {den} {dem} {einen} noun with its article in that case ("den Kaffee", "mit der
 *   Musik"; weak masculines take -n: "den Kunden"), {dera} {dena} {dema} {eina} {einena} the same
 *   with a declined adjective ("einen schönen Tag", "ein kleines Haus"), {N} bare noun, {adj} predicative adjective, {inf}
 *   infinitive, {Inf} infinitive used as a noun ("Kochen")
 * - ar: {n} noun with the article (القهوة; و and بـ attach to it as written), {ni} without it
 * - id: {n} noun, {v} meN-/ber- verb
 * - ko: {n} noun, {n_obj} {n_subj} {n_top} {n_and} {n_with} with the particle its last syllable
 *   takes (을/를, 이/가, 은/는, 과/와, 이랑/랑), the same on interest words ({a_obj}, {a_top}…), {vn}
 *   하다-noun, {v_want} verb + 고 싶어요, {v_gi} verb + 기, {adj_n} descriptive verb before a noun
 *   (예쁜, 어려운)
 * - tr: {n} noun, {n_pl} {n_acc} {n_loc} {n_dat} in vowel harmony (kitaplar, kitabı, kitapta, kitaba), {adj}, {inf}
 *   infinitive, {inf_dat} infinitive in the dative (okumaya)
 *
 * Only frames whose other words agree with any noun are used (no verb or adjective that would have
 * to agree with the noun's gender in Arabic, no separable verbs after "zu" in German).
 */

const AR: Grammar = {
  post: [
    'في أحد مهووس بـ{a} مثلي؟ {tag}',
    'اليوم كله {a} و{n} {emoji}',
    'رأي غير شائع: {n} أهم شيء في {a}. {tag}',
    'قضيت الويكند كله مع {a} و{n}. ما ندمت {emoji}',
    'ما زلت أفكر في {n} من ثريد {a}',
    'ثريد جديد عن {a} و{n} و{n} 🧵 {tag}',
    'خلونا نتكلم عن {a} و{n} {mention}',
    'أجمل شيء في {a} هو {n}',
    'نصايحكم في {n} لشخص يبدأ في {a}؟',
    'سؤال لأهل {a}: كيف تتعاملون مع {n}؟',
    'صباح {a}، مساء {b}، و{n} بينهم {emoji}',
    '{a} و{n}: أفضل مزيج {tag} {tag2}',
    'لقيت {ni} وسط {a} 😂',
    'إذا تحب {a} بتحب {n} {tag}',
    'أقرأ عن {n} و{a} الليلة. {tag}',
    'ليش ما أحد يتكلم عن {n} في {a}؟',
    'خطة اليوم: {n}، {n} وشوي {a}',
    'يا له من أسبوع لـ{a}... و{n} {tag}',
    'كل شي عن {n} اليوم',
    'بين {n} و{n} و{a} راح اليوم',
    'أخيراً وقت لـ{a} و{n} {emoji}',
    'أشياء تسعدني: {a}، {n} و{n}',
    'ما في شي مثل {n} بعد يوم طويل {emoji}',
    'من بديت {a} وأنا أشوف {n} في كل مكان',
  ],
  reply: [
    'أتفق تماماً!',
    'صح كلامك عن {n}',
    'هههههه 😂',
    'نقطة ممتازة عن {n}.',
    'ما أدري عن {a}...',
    'شكراً على المشاركة',
    '{emoji}{emoji}',
    'نفس الشي معي مع {n}',
  ],
  bio: [
    '{job} من {city}. مهتم بـ{a} و{n}.',
    '{a} | {b} | {n}',
    'أحب {a} و{b} و{n} {emoji}',
    '{job}. أكتب عن {a} و{n}.',
  ],
  slot(name, rng, category) {
    if (name === 'n') return AR_WORDS.definite.draw(rng, category);
    if (name === 'ni') return AR_WORDS.indefinite.draw(rng, category);
    return undefined;
  },
};

const ID: Grammar = {
  post: [
    'Ada yang lagi kecanduan {a} juga? {tag}',
    'Opini tidak populer: {a} butuh lebih banyak {n}. {tag}',
    'Seharian {v}, terus {a}. Nggak nyesel {emoji}',
    'Hari ini mau {v} dulu, habis itu {a} {emoji}',
    'Masih kepikiran soal {n} di thread {a}',
    'Thread baru soal {a}, {n}, dan {n} 🧵 {tag}',
    'Bahas {a} yuk? {n}nya luar biasa {mention}',
    'Bagian terbaik dari {a} itu {n}nya',
    'Pengen {v} dan cari {n} baru {emoji}',
    'Pertanyaan buat anak {a}: gimana caranya {v} {n}?',
    'Pagi {a}, sore {b}, di antaranya {n} {emoji}',
    '{a} dan {n}: kombinasi sempurna {tag} {tag2}',
    'Lagi belajar {v} gara-gara {a}',
    'Nemu {n} di tengah {a} 😂',
    'Kalau kamu suka {a}, pasti suka {n} ini {tag}',
    'Malam ini baca-baca soal {n} dan {a}. {tag}',
    'Kenapa nggak ada yang bahas {n} di {a}?',
    'Rencana hari ini: {v}, {v}, terus sedikit {a}',
    'Minggu yang luar biasa buat {a}... dan {n} {tag}',
    'Butuh {n} buat {v} {n}',
    'Antara {n}, {n}, dan {a}, hari ini habis',
    'Akhirnya ada waktu untuk {a} dan {n} {emoji}',
    'Rekomendasi {n} buat pemula {a} dong',
    'Hal yang bikin bahagia: {a}, {n}, dan {n}',
    'Nggak ada yang ngalahin {n} setelah hari yang panjang {emoji}',
    'Sejak mulai {a}, aku lihat {n} di mana-mana',
  ],
  reply: [
    'Setuju banget!',
    'Bener banget soal {n}',
    'Wkwkwk 😂',
    'Poin bagus soal {n}.',
    'Nggak yakin soal {a} sih',
    'Makasih udah berbagi!',
    '{emoji}{emoji}',
    'Sama, aku juga gitu sama {n}',
  ],
  bio: [
    '{job} di {city}. Suka {a} dan {n}.',
    '{a} | {b} | {n}',
    'Lagi belajar {v}. {a} dan {b} {emoji}',
    '{job}. Ngomongin {a}, {n}, dan {n}.',
  ],
  slot(name, rng, category) {
    if (name === 'n') return ID_WORDS.noun.draw(rng, category);
    if (name === 'v') return ID_WORDS.verb.draw(rng, category);
    return undefined;
  },
};

const KO_PARTICLES = new Set<string>(['obj', 'subj', 'top', 'and', 'with', 'dir']);

const KO: Grammar = {
  post: [
    '요즘 {a}에 빠진 사람 또 있어요? {tag}',
    '오늘은 하루 종일 {a}하고 {n} {emoji}',
    '{a} 얘기 좀 해요. {n_subj} 진짜 최고예요 {mention}',
    '{a}의 매력은 역시 {n}',
    '{n_obj} 보면 {a} 생각나요',
    '주말 내내 {a_with} {n}. 후회 없음 {emoji}',
    '{vn}하고 싶다… {a}도 {n}도',
    '오늘은 {v_want} {emoji}',
    '{a} 덕분에 {v_gi} 시작했어요',
    '{n_top} 언제나 옳다 {tag}',
    '아침엔 {a}, 저녁엔 {b}, 그 사이엔 {n} {emoji}',
    '{a_and} {n}, 완벽한 조합 {tag} {tag2}',
    '{a} 보다가 {n_obj} 발견했어요 😂',
    '{a_obj} 좋아하면 {n_top} 꼭 보세요 {tag}',
    '오늘 밤은 {n}에 대해 읽는 중. {tag}',
    '왜 아무도 {a}의 {n} 얘기를 안 하죠?',
    '오늘 할 일: {vn}, {vn}, 그리고 {a}',
    '{a} 쪽은 이번 주 정말 대단했다… {n}도 {tag}',
    '{v_gi} 좋은 날이네요 {emoji}',
    '{n_subj} 필요해요. {vn}하려고요',
    '{n}, {n}, 그리고 {a}. 오늘 하루 끝',
    '드디어 {n_obj} 샀어요 {emoji}',
    '{a} 입문자한테 {n} 추천해 주세요',
    '행복한 것들: {a}, {n}, {n}',
    '긴 하루 끝엔 역시 {n} {emoji}',
    '{a} 시작하고 나서 어딜 가도 {n}만 보여요',
    '{adj_n} {n}, 최고예요 {emoji}',
    '요즘 {adj_n} {n}에 빠졌어요 {tag}',
    '{a}에는 역시 {adj_n} {n}',
    '{adj_n} {n_obj} 찾고 있어요. {a} 좋아하는 분들 추천 좀',
  ],
  reply: [
    '완전 공감해요!',
    '{n} 얘기 진짜 맞아요',
    'ㅋㅋㅋㅋ 😂',
    '{n}에 대한 좋은 포인트네요.',
    '{a_top} 잘 모르겠어요',
    '공유 감사합니다!',
    '{emoji}{emoji}',
    '저도 {n} 때문에 그래요',
  ],
  bio: [
    '{job}. {city} 거주. {a_and} {n_obj} 좋아해요',
    '{a} | {b} | {n}',
    '{v_gi} 연습 중. {a}, {b} {emoji}',
    '{job}. {a}, {n}, {vn} 이야기합니다.',
  ],
  inflect(word, form) {
    return KO_PARTICLES.has(form) ? koreanParticle(word, form as KoreanParticle) : undefined;
  },
  slot(name, rng, category) {
    if (name === 'n') return KO_WORDS.noun.draw(rng, category);
    if (name.startsWith('n_') && KO_PARTICLES.has(name.slice(2)))
      return koreanParticle(KO_WORDS.noun.draw(rng, category), name.slice(2) as KoreanParticle);
    if (name === 'vn') return KO_WORDS.verbalNoun.draw(rng, category);
    if (name === 'v_want') return `${KO_WORDS.verb.draw(rng, category).slice(0, -1)}고 싶어요`;
    if (name === 'v_gi') return `${KO_WORDS.verb.draw(rng, category).slice(0, -1)}기`;
    if (name === 'adj_n') return koreanAdnominal(KO_WORDS.adjective.draw(rng, category));
    return undefined;
  },
};

const TR: Grammar = {
  post: [
    'Son zamanlarda {a} bağımlısı olan başka kim var? {tag}',
    'Popüler olmayan görüş: {a} için daha çok {n} lazım. {tag}',
    'Bütün hafta sonu {a} ve {n}. Hiç pişman değilim {emoji}',
    'Bugün önce {inf}, sonra {a} {emoji}',
    'Hâlâ {a} konusundaki {n} aklımda',
    '{a}, {n_pl} ve {n} hakkında yeni bir flood 🧵 {tag}',
    '{a} hakkında konuşalım mı? {n} harikaydı {mention}',
    '{a} işinin en güzel yanı {n}',
    'Canım {inf} istiyor {emoji}',
    '{a} sevenlere soru: {n_acc} nasıl seçiyorsunuz?',
    'Sabah {a}, akşam {b}, arada {n} {emoji}',
    '{a} ve {n}: mükemmel ikili {tag} {tag2}',
    '{a} sayesinde {inf_dat} başladım',
    '{a} ortasında {n} buldum 😂',
    'Eğer {a} seviyorsan bu {n} tam sana göre {tag}',
    'Bu akşam {n_pl} ve {a} hakkında okuyorum. {tag}',
    'Neden kimse {a} içindeki {n} hakkında konuşmuyor?',
    'Bugünün planı: {inf}, {inf} ve biraz {a}',
    '{a} için ne hafta ama... ve {n} {tag}',
    'Açıkçası {inf_dat} bayılıyorum',
    'Bugün {n_pl}, {n_pl} ve {a} derken gün bitti',
    'Sonunda {a} için {n} aldım {emoji}',
    '{a} için yeni başlayanlara {n} önerir misiniz?',
    'Beni mutlu eden şeyler: {a}, {n_pl} ve {n}',
    'Uzun bir günün sonunda {n} gibisi yok {emoji}',
    '{a} ile uğraşmaya başladığımdan beri her yerde {n} görüyorum',
    'Bugün {n_loc} {a} konuşuyoruz {emoji}',
    'Bu {n} gerçekten çok {adj} {emoji}',
    '{a} için {adj} bir {n} arıyorum',
    'Özetle: {adj} bir gün, {adj} bir {n} ve biraz {a}',
    'Bu {n} fazla {adj}. {a} ile aynı {tag}',
    'Bugün {adj} bir {n} gördüm, aklıma hemen {a} geldi {emoji}',
    'Son zamanlarda {n_dat} bayılıyorum, {a} da cabası {tag}',
    'Hafta sonu önce {n_dat} zaman ayırdım, sonra {a} {emoji}',
    '{a} için en {adj} {n} hangisi sizce? {tag}',
    'Sonunda {n_acc} buldum! {a} için tam aradığım şey',
  ],
  reply: [
    'Kesinlikle katılıyorum!',
    '{n} konusunda çok haklısın',
    'Ahahah 😂',
    '{n} konusunda iyi nokta.',
    '{a} konusunda emin değilim',
    'Paylaştığın için teşekkürler!',
    '{emoji}{emoji}',
    'Bende de {n} için aynısı',
  ],
  bio: [
    '{job}, {city}. {a}, {b} ve {n}.',
    '{a} | {b} | {n}',
    'Bu ara {inf_dat} çalışıyorum. {a} ve {b} {emoji}',
    '{job}. {a}, {n_pl} ve {n} hakkında yazıyorum.',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'n':
        return TR_WORDS.noun.draw(rng, category);
      case 'n_pl':
      case 'n_acc':
      case 'n_loc':
      case 'n_dat':
        return turkishSuffix(TR_WORDS.noun.draw(rng, category), name.slice(2) as TurkishCase);
      case 'inf':
        return TR_WORDS.infinitive.draw(rng, category);
      case 'adj':
        return TR_WORDS.adjective.draw(rng, category);
      case 'inf_dat':
        return turkishInfinitiveDative(TR_WORDS.infinitive.draw(rng, category));
      default:
        return undefined;
    }
  },
};

export const WORLD_GRAMMARS: Readonly<Record<'pt' | 'fr' | 'de' | 'ar' | 'id' | 'ko' | 'tr', Grammar>> = {
  pt: PT,
  fr: FR,
  de: DE,
  ar: AR,
  id: ID,
  ko: KO,
  tr: TR,
};
