import type { Grammar } from './grammar';
import { DE_WORDS, FR_WORDS, PT_WORDS, frenchDe, type GermanArticle } from './vocabulary-world';

/** The Portuguese, French and German grammars of WORLD_GRAMMARS (./grammar-world, which names their slots). */

export const PT: Grammar = {
  post: [
    'Alguém mais viciado em {a} ultimamente? {tag}',
    'Opinião impopular: {a} precisa de mais {psa}. {tag}',
    'Passei o fim de semana inteiro com {a} e {o}. Zero arrependimentos {emoji}',
    'Hoje é dia de {inf} e depois {a} {emoji}',
    'Ainda pensando {noa} daquele fio sobre {a}',
    'Novo fio sobre {a}, {ps} e {o} 🧵 {tag}',
    'Bora falar de {a}? {oa} foi demais {mention}',
    'O melhor de {a} é {oa}',
    'Com vontade de {inf} {emoji}',
    'Pergunta pro pessoal de {a}: como vocês fazem pra {inf} {o}?',
    'Manhã de {a}, tarde de {b} e {ps} no meio {emoji}',
    '{a} e {ps}: a combinação perfeita {tag} {tag2}',
    'Aprendendo a {inf} por causa de {a}',
    'Achei {uma} no meio de {a} 😂',
    'Se você curte {a}, vai amar {oa} {tag}',
    'Lendo sobre {ps} e {a} hoje à noite. {tag}',
    'Ninguém fala {do} quando o assunto é {a}',
    'Plano do dia: {inf}, {inf} e um pouco de {a}',
    'Que semana pra {a}... e {o} {tag}',
    'Tudo muito {adj} com {o} hoje',
    'Preciso de {uma} pra {inf} {o}',
    'Entre {ps}, {ps} e {a} o dia passou',
    'Finalmente {osa} de {a} {emoji}',
    'Recomendem {psa} pra quem está começando com {a}',
    'Coisas que me fazem feliz: {a}, {psa} e {oa}',
    'Nada como {oa} depois de um dia longo {emoji}',
    'Desde que comecei com {a} vejo {psa} em todo lugar',
    'Curiosidade: {o} tem mais a ver com {a} do que parece {tag}',
  ],
  reply: [
    'Concordo demais!',
    'Verdade isso {do}',
    'Kkkkkk 😂',
    'Bom ponto sobre {oa}.',
    'Sei não, {a} não me convence',
    'Valeu por compartilhar!',
    '{emoji}{emoji}',
    'Mesma coisa comigo e {o}',
    'Acontece o mesmo comigo com {ps}',
  ],
  bio: [
    '{job} em {city}. Fã de {a} e de {ps}.',
    '{a} | {b} | {ps}',
    'Aprendendo a {inf}. {a} e {b} {emoji}',
    '{job}. Falo de {a}, {ps} e {o}.',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'o':
      case 'um':
      case 'do':
      case 'no':
        return PT_WORDS.phrase(rng, category, name, false, false);
      case 'oa':
        return PT_WORDS.phrase(rng, category, 'o', false, true);
      case 'uma':
        return PT_WORDS.phrase(rng, category, 'um', false, true);
      case 'doa':
        return PT_WORDS.phrase(rng, category, 'do', false, true);
      case 'noa':
        return PT_WORDS.phrase(rng, category, 'no', false, true);
      case 'osa':
        return PT_WORDS.phrase(rng, category, 'o', true, true);
      case 'ps':
        return PT_WORDS.phrase(rng, category, '', true, false);
      case 'psa':
        return PT_WORDS.phrase(rng, category, '', true, true);
      case 'inf':
        return PT_WORDS.infinitive.draw(rng, category);
      case 'adj':
        return PT_WORDS.adjective.draw(rng, category);
      default:
        return undefined;
    }
  },
};

export const FR: Grammar = {
  post: [
    "Quelqu'un d'autre accro à {a} en ce moment ? {tag}",
    'Avis impopulaire : quand on parle {a_de}, il faut plus {deps}. {tag}',
    'Week-end sous le signe {a_de} et {du}. Aucun regret {emoji}',
    "Aujourd'hui : {inf}, puis {a} {emoji}",
    'Je repense encore {aua} du fil sur {a}',
    'Nouveau fil sur {a}, {les} et {le} 🧵 {tag}',
    "On parle {a_de} ? {lea}, c'est incroyable {mention}",
    "Pour moi, le meilleur {a_de}, c'est {lea}",
    'Envie {de_inf} {emoji}',
    'Question pour les fans {a_de} : comment vous faites pour {inf} {le} ?',
    'Le matin {a}, le soir {b}, et {des} entre les deux {emoji}',
    '{a} et {des} : le combo parfait {tag} {tag2}',
    "J'apprends à {inf} grâce à {a}",
    'Trouvé {una} en cherchant des infos sur {a} 😂',
    'Si tu aimes {a}, tu vas adorer {lea} {tag}',
    'Je lis sur {les} et {a} ce soir. {tag}',
    'Pourquoi personne ne parle {du} ? Sérieux. {tag}',
    'Programme du jour : {inf}, {inf} et un peu {a_de}',
    'Quelle semaine pour {a}... et {le} {tag}',
    'Il me faut {una} pour {inf} {le}',
    'Entre {les}, {les} et {a}, la journée est passée',
    'Enfin {lesa} {a_de} {emoji}',
    'Ce qui me rend heureux : {a}, {des} et {lea}',
    'Rien de tel que {lea} après une longue journée {emoji}',
    'Depuis que je me suis mis à {a}, je vois {desa} partout',
    "Le saviez-vous ? {le}, c'est plus lié à {a} qu'on ne le croit {tag}",
  ],
  reply: [
    "Tellement d'accord !",
    'Tellement vrai, surtout pour {le}',
    'Mdr 😂',
    'Bon point sur {lea}.',
    'Pas sûr pour {a}, perso',
    'Merci du partage !',
    '{emoji}{emoji}',
    'Pareil pour moi avec {les}',
  ],
  bio: [
    '{job} à {city}. Fan {a_de} et {deps}.',
    '{a} | {b} | {les}',
    "J'apprends à {inf}. {a} et {b} {emoji}",
    '{job}. Je parle de {a}, {les} et {le}.',
  ],
  inflect(word, form) {
    // "fan de jazz", "fan d'actualité"
    return form === 'de' ? frenchDe(word) : undefined;
  },
  slot(name, rng, category) {
    switch (name) {
      case 'le':
      case 'un':
      case 'du':
      case 'au':
        return FR_WORDS.phrase(rng, category, name, false, false);
      case 'lea':
        return FR_WORDS.phrase(rng, category, 'le', false, true);
      case 'una':
        return FR_WORDS.phrase(rng, category, 'un', false, true);
      case 'dua':
        return FR_WORDS.phrase(rng, category, 'du', false, true);
      case 'aua':
        return FR_WORDS.phrase(rng, category, 'au', false, true);
      case 'les':
        return FR_WORDS.phrase(rng, category, 'le', true, false);
      case 'lesa':
        return FR_WORDS.phrase(rng, category, 'le', true, true);
      case 'des':
        return FR_WORDS.phrase(rng, category, 'des', true, false);
      case 'deps':
        // "plus de voitures", "fan d'avions": de, not des, after a quantity or a noun
        return FR_WORDS.phrase(rng, category, 'de', true, false);
      case 'desa':
        return FR_WORDS.phrase(rng, category, 'des', true, true);
      case 'inf':
        return FR_WORDS.infinitive.draw(rng, category);
      case 'de_inf':
        return frenchDe(FR_WORDS.infinitive.draw(rng, category));
      default:
        return undefined;
    }
  },
};

export const DE: Grammar = {
  post: [
    'Noch jemand gerade total besessen von {a}? {tag}',
    'Unpopuläre Meinung: {der} wird völlig überschätzt. {tag}',
    'Ganzes Wochenende mit {a} und {dem} verbracht. Keine Reue {emoji}',
    'Heute steht {Inf} auf dem Plan, danach {a} {emoji}',
    'Muss immer noch an {den} denken. Danke, {a}',
    'Neuer Thread über {a} und {den} 🧵 {tag}',
    'Können wir über {a} reden? Ich finde, {der} war einfach {adj} {mention}',
    'Das Beste an {a} ist {der}',
    'Keine Lust zu {inf}, lieber {a} {emoji}',
    'Frage an alle mit {a}: Wie kann man {den} {inf}?',
    'Morgens {a}, abends {b}, dazwischen {N} {emoji}',
    '{a} und {N}: die perfekte Kombi {tag} {tag2}',
    'Heute {einen} gefunden. Passt perfekt zu {a} 😂',
    'Wenn du {a} magst, wirst du {den} lieben {tag}',
    'Lese heute Abend über {den} und {a}. {tag}',
    'Warum redet niemand über {den} bei {a}?',
    'Plan für heute: {Inf}, {Inf} und ein bisschen {a}',
    'Was für eine Woche für {a}... und {der} {tag}',
    'Alles {adj} mit {dem} heute',
    'Brauche dringend {einen} {emoji}',
    'Seit ich mit {a} angefangen habe, denke ich ständig an {den}',
    'Ehrlich, {der} ist {adj}. Mehr muss man zu {a} nicht sagen.',
    'Nichts geht über {den} nach einem langen Tag {emoji}',
    'Zwischen {dem} und {a} ist der Tag vergangen',
    'Endlich Zeit für {a} und {den} {emoji}',
    'Dinge, die mich glücklich machen: {a}, {N} und {der}',
    'Suche {einena} für {a}. Tipps? {tag}',
    'Für mich ist {dera} das Beste an {a} {emoji}',
    'Was haltet ihr von {dema}? {tag}',
    'Endlich {eina}! {emoji}',
    'Mit {dema} macht {a} doppelt so viel Spaß',
    'Kennt jemand {einena} für {a}?',
    'Ich liebe {dena} {emoji}',
    'Heute mit {dema} und {dem} unterwegs {emoji}',
    '{a}: {dera} oder {dera}? {tag}',
    'Ohne {dena} geht bei {a} gar nichts',
    'Wie findet ihr {dena}? {tag}',
    'Heute {Inf}, morgen {Inf} und am Wochenende {a}',
    'Nur {eina} und {eina}, mehr braucht {a} nicht {tag}',
    'Habe mir {einena} gegönnt. {a} kann kommen {emoji}',
  ],
  reply: [
    'Absolut, {der} ist {adj}',
    'So wahr 😂',
    'Guter Punkt mit {dem}.',
    'Bei {a} bin ich mir nicht sicher',
    'Danke fürs Teilen!',
    '{emoji}{emoji}',
    'Geht mir mit {dem} genauso',
    'Stimmt, {dera} ist echt {adj}',
    'Ich bleibe bei {dema}',
  ],
  bio: [
    '{job} in {city}. Fan von {a} und {N}.',
    '{a} | {b} | {N}',
    'Lerne gerade {inf}. {a} und {b} {emoji}',
    '{job}. Schreibe über {a}, {N} und {den}.',
    '{job} in {city}. Liebt {dena} und {a}.',
  ],
  slot(name, rng, category) {
    switch (name) {
      case 'der':
      case 'den':
      case 'dem':
      case 'einen':
        return DE_WORDS.phrase(rng, category, name);
      case 'dera':
      case 'dena':
      case 'dema':
      case 'eina':
      case 'einena':
        // with an adjective: "den schönen Tag", "einen schönen Tag", "ein schönes Haus"
        return DE_WORDS.phrase(rng, category, name.slice(0, -1) as GermanArticle, true);
      case 'N':
        return DE_WORDS.bare.draw(rng, category);
      case 'adj':
        return DE_WORDS.adjective.draw(rng, category);
      case 'inf':
        return DE_WORDS.infinitive.draw(rng, category);
      case 'Inf': {
        // an infinitive used as a noun is capitalised: "Heute steht Kochen auf dem Plan"
        const verb = DE_WORDS.infinitive.draw(rng, category);
        return verb.charAt(0).toUpperCase() + verb.slice(1);
      }
      default:
        return undefined;
    }
  },
};
