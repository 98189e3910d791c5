import type { LanguageCode } from '@murmur/core/x-catalogue';

/**
 * Bios of brands and media, which speak as an organisation ("Official account of …", support hours,
 * newsroom tips), never as a person. Slots: {name} the display name, {a} {b} what it sells or
 * covers, {city} where it is based. Written for this project.
 */
export const BRAND_BIO: Readonly<Record<LanguageCode, readonly string[]>> = {
  en: [
    'The official account of {name}. {a}, {b} and everything in between.',
    '{a} and {b} for everyone. Based in {city}. Customer care: DM us.',
    'We make {a} simple. News, offers and support from {name}.',
    '{name}: {a}, {b}. Questions? We reply 9–6 on weekdays.',
  ],
  es: [
    'Cuenta oficial de {name}. {a}, {b} y mucho más.',
    '{a} y {b} para todos. Desde {city}. Atención al cliente por DM.',
    'Hacemos fácil {a}. Novedades, ofertas y ayuda de {name}.',
  ],
  pt: [
    'Perfil oficial da {name}. {a}, {b} e muito mais.',
    '{a} e {b} para todo mundo. Direto de {city}. Atendimento por DM.',
    'Novidades, ofertas e suporte da {name}. {a} sem complicação.',
  ],
  ja: [
    '{name}公式アカウントです。{a}や{b}の最新情報をお届けします。',
    '{a}と{b}の{name}。お問い合わせはDMまで（平日10時〜18時）。',
    '{city}発、{name}の公式アカウント。キャンペーン情報も配信中。',
  ],
  ar: [
    'الحساب الرسمي لـ{name}. {a} و{b} وأكثر.',
    '{a} و{b} للجميع من {city}. خدمة العملاء عبر الرسائل الخاصة.',
    'عروض وأخبار ودعم من {name}.',
  ],
  id: [
    'Akun resmi {name}. {a}, {b}, dan banyak lagi.',
    '{a} dan {b} untuk semua. Dari {city}. Layanan pelanggan via DM.',
    'Info promo dan bantuan dari {name}.',
  ],
  tr: [
    '{name} resmi hesabı. {a}, {b} ve daha fazlası.',
    '{city} merkezli {name}. Müşteri hizmetleri için DM.',
    'Kampanyalar, yenilikler ve destek: {name}.',
  ],
  fr: [
    'Compte officiel de {name}. {a}, {b} et bien plus.',
    '{a} et {b} pour tous, depuis {city}. Service client en DM.',
    'Nouveautés, offres et aide de {name}.',
  ],
  ko: [
    '{name} 공식 계정입니다. {a}, {b} 소식을 전해드려요.',
    '{name} 공식. 문의는 DM으로 주세요 (평일 10시~18시).',
    '{city}에서 시작한 {name}. 이벤트 소식도 여기서!',
  ],
  de: [
    'Offizieller Account von {name}. {a}, {b} und mehr.',
    '{a} und {b} für alle, aus {city}. Kundenservice per DM.',
    'Neuigkeiten, Angebote und Hilfe von {name}.',
  ],
};

export const MEDIA_BIO: Readonly<Record<LanguageCode, readonly string[]>> = {
  en: [
    '{a}, {b} and breaking news from {city}. Follow for live updates.',
    'Independent reporting on {a} and {b}. Tips: DM us.',
    'The latest on {a}, {b} and more from the {name} newsroom.',
  ],
  es: [
    '{a}, {b} y última hora desde {city}. Síguenos para seguir la actualidad.',
    'Periodismo independiente sobre {a} y {b}. ¿Tienes una pista? Escríbenos.',
  ],
  pt: [
    '{a}, {b} e notícias de última hora de {city}.',
    'Jornalismo independente sobre {a} e {b}. Envie sua pauta por DM.',
  ],
  ja: ['{a}、{b}などのニュースを{city}からお届けします。', '{name}編集部。{a}と{b}の最新ニュースを配信中。'],
  ar: ['أخبار {a} و{b} العاجلة من {city}.', 'صحافة مستقلة عن {a} و{b}. راسلونا بالمعلومات.'],
  id: [
    'Berita terkini {a} dan {b} dari {city}.',
    'Liputan independen tentang {a} dan {b}. Kirim info lewat DM.',
  ],
  tr: [
    '{city} kaynaklı {a} ve {b} haberleri, son dakika gelişmeleri.',
    '{a} ve {b} üzerine bağımsız habercilik. İhbar için DM.',
  ],
  fr: [
    '{a}, {b} et l’actualité en direct depuis {city}.',
    'Journalisme indépendant sur {a} et {b}. Une info ? Écrivez-nous.',
  ],
  ko: ['{city}에서 전하는 {a}, {b} 뉴스.', '{name} 뉴스룸. {a}, {b} 최신 소식.'],
  de: [
    '{a}, {b} und aktuelle Nachrichten aus {city}.',
    'Unabhängiger Journalismus über {a} und {b}. Hinweise gern per DM.',
  ],
};
