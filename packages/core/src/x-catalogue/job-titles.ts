import { LANGUAGE_CODES, type LanguageCode } from './languages';
import type { InterestCategoryKey } from './interest-categories';

/**
 * SPEC §3's job-title tree. Each title carries its wording in every population language so that a
 * bio reads "看護師" for a Japanese nurse and "Enfermero" for a Spanish one; `interests` are the
 * interest categories people in that job lean towards, which ties bios, interests and posts together.
 */
export interface JobCategory {
  name: string;
  weight: number;
  interests: readonly InterestCategoryKey[];
  titles: readonly JobTitle[];
}

export interface JobTitle {
  /** Position in JOB_TITLES; what accounts store. */
  index: number;
  category: number;
  key: string;
  text: Readonly<Record<LanguageCode, string>>;
}

type Row = readonly [key: string, ...text: string[]];

// Columns follow LANGUAGE_CODES: en, ja, es, pt, ar, id, tr, fr, ko, de.
// prettier-ignore
const TREE: readonly [string, number, readonly InterestCategoryKey[], readonly Row[]][] = [
  ['Business', 8, ['business', 'finance', 'careers'], [
    ['entrepreneur', 'Entrepreneur', '起業家', 'Emprendedor', 'Empreendedor', 'رائد أعمال', 'Pengusaha', 'Girişimci', 'Entrepreneur', '기업가', 'Unternehmer'],
    ['founder', 'Founder', '創業者', 'Fundador', 'Fundador', 'مؤسس', 'Pendiri', 'Kurucu', 'Fondateur', '창업자', 'Gründer'],
    ['sales-manager', 'Sales manager', '営業マネージャー', 'Gerente de ventas', 'Gerente de vendas', 'مدير مبيعات', 'Manajer penjualan', 'Satış müdürü', 'Responsable commercial', '영업 관리자', 'Vertriebsleiter'],
    ['marketer', 'Marketing specialist', 'マーケター', 'Especialista en marketing', 'Especialista em marketing', 'أخصائي تسويق', 'Spesialis pemasaran', 'Pazarlama uzmanı', 'Spécialiste marketing', '마케터', 'Marketingexperte'],
  ]],
  ['Decision maker', 4, ['business', 'careers', 'technology'], [
    ['ceo', 'CEO', 'CEO', 'CEO', 'CEO', 'الرئيس التنفيذي', 'CEO', 'CEO', 'PDG', 'CEO', 'CEO'],
    ['managing-director', 'Managing director', '代表取締役', 'Director general', 'Diretor geral', 'مدير عام', 'Direktur utama', 'Genel müdür', 'Directeur général', '대표이사', 'Geschäftsführer'],
    ['product-manager', 'Product manager', 'プロダクトマネージャー', 'Product manager', 'Gerente de produto', 'مدير منتج', 'Manajer produk', 'Ürün müdürü', 'Chef de produit', '프로덕트 매니저', 'Produktmanager'],
    ['head-of-marketing', 'Head of marketing', 'マーケティング責任者', 'Director de marketing', 'Diretor de marketing', 'رئيس قسم التسويق', 'Kepala pemasaran', 'Pazarlama direktörü', 'Directeur marketing', '마케팅 총괄', 'Marketingleiter'],
  ]],
  ['Financial', 5, ['finance', 'business'], [
    ['accountant', 'Accountant', '会計士', 'Contador', 'Contador', 'محاسب', 'Akuntan', 'Muhasebeci', 'Comptable', '회계사', 'Buchhalter'],
    ['financial-analyst', 'Financial analyst', '金融アナリスト', 'Analista financiero', 'Analista financeiro', 'محلل مالي', 'Analis keuangan', 'Finansal analist', 'Analyste financier', '금융 애널리스트', 'Finanzanalyst'],
    ['financial-advisor', 'Financial advisor', 'ファイナンシャルプランナー', 'Asesor financiero', 'Consultor financeiro', 'مستشار مالي', 'Penasihat keuangan', 'Finans danışmanı', 'Conseiller financier', '재무 설계사', 'Finanzberater'],
    ['trader', 'Trader', 'トレーダー', 'Trader', 'Trader', 'متداول', 'Trader', 'Trader', 'Trader', '트레이더', 'Trader'],
  ]],
  ['Consulting', 3, ['business', 'careers'], [
    ['consultant', 'Consultant', 'コンサルタント', 'Consultor', 'Consultor', 'مستشار', 'Konsultan', 'Danışman', 'Consultant', '컨설턴트', 'Berater'],
    ['strategy-consultant', 'Strategy consultant', '戦略コンサルタント', 'Consultor de estrategia', 'Consultor de estratégia', 'مستشار استراتيجي', 'Konsultan strategi', 'Strateji danışmanı', 'Consultant en stratégie', '전략 컨설턴트', 'Strategieberater'],
  ]],
  ['IT Developer', 7, ['technology', 'gaming', 'science'], [
    ['software-engineer', 'Software engineer', 'ソフトウェアエンジニア', 'Ingeniero de software', 'Engenheiro de software', 'مهندس برمجيات', 'Insinyur perangkat lunak', 'Yazılım mühendisi', 'Ingénieur logiciel', '소프트웨어 엔지니어', 'Softwareentwickler'],
    ['web-developer', 'Web developer', 'Webエンジニア', 'Desarrollador web', 'Desenvolvedor web', 'مطور ويب', 'Pengembang web', 'Web geliştirici', 'Développeur web', '웹 개발자', 'Webentwickler'],
    ['data-scientist', 'Data scientist', 'データサイエンティスト', 'Científico de datos', 'Cientista de dados', 'عالم بيانات', 'Ilmuwan data', 'Veri bilimci', 'Data scientist', '데이터 과학자', 'Data Scientist'],
    ['mobile-developer', 'Mobile developer', 'アプリ開発者', 'Desarrollador móvil', 'Desenvolvedor mobile', 'مطور تطبيقات', 'Pengembang aplikasi', 'Mobil geliştirici', 'Développeur mobile', '앱 개발자', 'App-Entwickler'],
  ]],
  ['Service', 12, ['food', 'travel', 'style', 'beauty'], [
    ['barista', 'Barista', 'バリスタ', 'Barista', 'Barista', 'باريستا', 'Barista', 'Barista', 'Barista', '바리스타', 'Barista'],
    ['chef', 'Chef', 'シェフ', 'Chef', 'Chef de cozinha', 'طاهٍ', 'Koki', 'Aşçı', 'Chef cuisinier', '셰프', 'Koch'],
    ['hairdresser', 'Hairdresser', '美容師', 'Peluquero', 'Cabeleireiro', 'مصفف شعر', 'Penata rambut', 'Kuaför', 'Coiffeur', '미용사', 'Friseur'],
    ['shop-assistant', 'Shop assistant', '販売員', 'Dependiente', 'Vendedor', 'موظف مبيعات', 'Pramuniaga', 'Satış danışmanı', 'Vendeur', '판매원', 'Verkäufer'],
    ['driver', 'Driver', 'ドライバー', 'Conductor', 'Motorista', 'سائق', 'Sopir', 'Şoför', 'Chauffeur', '운전기사', 'Fahrer'],
  ]],
  ['Healthcare', 8, ['health', 'science', 'family'], [
    ['nurse', 'Nurse', '看護師', 'Enfermero', 'Enfermeiro', 'ممرض', 'Perawat', 'Hemşire', 'Infirmier', '간호사', 'Krankenpfleger'],
    ['doctor', 'Doctor', '医師', 'Médico', 'Médico', 'طبيب', 'Dokter', 'Doktor', 'Médecin', '의사', 'Arzt'],
    ['pharmacist', 'Pharmacist', '薬剤師', 'Farmacéutico', 'Farmacêutico', 'صيدلي', 'Apoteker', 'Eczacı', 'Pharmacien', '약사', 'Apotheker'],
    ['dentist', 'Dentist', '歯科医', 'Dentista', 'Dentista', 'طبيب أسنان', 'Dokter gigi', 'Diş hekimi', 'Dentiste', '치과의사', 'Zahnarzt'],
  ]],
  ['Farmer', 3, ['food', 'home', 'pets'], [
    ['farmer', 'Farmer', '農家', 'Agricultor', 'Agricultor', 'مزارع', 'Petani', 'Çiftçi', 'Agriculteur', '농부', 'Landwirt'],
    ['beekeeper', 'Beekeeper', '養蜂家', 'Apicultor', 'Apicultor', 'نحال', 'Peternak lebah', 'Arıcı', 'Apiculteur', '양봉가', 'Imker'],
    ['rancher', 'Rancher', '畜産農家', 'Ganadero', 'Pecuarista', 'مربي مواشي', 'Peternak', 'Besici', 'Éleveur', '축산업자', 'Viehzüchter'],
  ]],
  ['IT/Tech', 5, ['technology', 'gaming'], [
    ['it-administrator', 'IT administrator', '社内SE', 'Administrador de sistemas', 'Administrador de sistemas', 'مسؤول أنظمة', 'Administrator TI', 'Sistem yöneticisi', 'Administrateur système', 'IT 관리자', 'IT-Administrator'],
    ['security-specialist', 'Cybersecurity specialist', 'セキュリティエンジニア', 'Especialista en ciberseguridad', 'Especialista em cibersegurança', 'أخصائي أمن سيبراني', 'Spesialis keamanan siber', 'Siber güvenlik uzmanı', 'Expert en cybersécurité', '보안 전문가', 'IT-Sicherheitsexperte'],
    ['cloud-architect', 'Cloud architect', 'クラウドアーキテクト', 'Arquitecto cloud', 'Arquiteto de nuvem', 'مهندس حوسبة سحابية', 'Arsitek cloud', 'Bulut mimarı', 'Architecte cloud', '클라우드 아키텍트', 'Cloud-Architekt'],
    ['tech-support', 'Tech support', 'テクニカルサポート', 'Soporte técnico', 'Suporte técnico', 'دعم فني', 'Dukungan teknis', 'Teknik destek', 'Support technique', '기술 지원', 'Technischer Support'],
  ]],
  ['Education', 14, ['education', 'books', 'science', 'life-stages'], [
    ['teacher', 'Teacher', '教師', 'Profesor', 'Professor', 'معلم', 'Guru', 'Öğretmen', 'Enseignant', '교사', 'Lehrer'],
    ['professor', 'Professor', '大学教授', 'Catedrático', 'Professor universitário', 'أستاذ جامعي', 'Dosen', 'Profesör', "Professeur d'université", '교수', 'Professor'],
    ['student', 'Student', '学生', 'Estudiante', 'Estudante', 'طالب', 'Mahasiswa', 'Öğrenci', 'Étudiant', '학생', 'Student'],
    ['tutor', 'Tutor', '家庭教師', 'Tutor', 'Tutor', 'مدرس خصوصي', 'Guru les', 'Özel ders öğretmeni', 'Tuteur', '과외 선생님', 'Nachhilfelehrer'],
  ]],
  ['Alternative Medicine', 1.5, ['health', 'beauty', 'society'], [
    ['yoga-instructor', 'Yoga instructor', 'ヨガインストラクター', 'Instructor de yoga', 'Instrutor de ioga', 'مدرب يوغا', 'Instruktur yoga', 'Yoga eğitmeni', 'Professeur de yoga', '요가 강사', 'Yogalehrer'],
    ['acupuncturist', 'Acupuncturist', '鍼灸師', 'Acupuntor', 'Acupunturista', 'أخصائي وخز بالإبر', 'Akupunkturis', 'Akupunktur uzmanı', 'Acupuncteur', '침술사', 'Akupunkteur'],
    ['naturopath', 'Naturopath', '自然療法士', 'Naturópata', 'Naturopata', 'معالج بالطب الطبيعي', 'Naturopati', 'Natüropat', 'Naturopathe', '자연요법사', 'Heilpraktiker'],
  ]],
  ['Science', 3, ['science', 'technology', 'education'], [
    ['researcher', 'Researcher', '研究者', 'Investigador', 'Pesquisador', 'باحث', 'Peneliti', 'Araştırmacı', 'Chercheur', '연구원', 'Forscher'],
    ['biologist', 'Biologist', '生物学者', 'Biólogo', 'Biólogo', 'عالم أحياء', 'Ahli biologi', 'Biyolog', 'Biologiste', '생물학자', 'Biologe'],
    ['physicist', 'Physicist', '物理学者', 'Físico', 'Físico', 'فيزيائي', 'Fisikawan', 'Fizikçi', 'Physicien', '물리학자', 'Physiker'],
    ['chemist', 'Chemist', '化学者', 'Químico', 'Químico', 'كيميائي', 'Ahli kimia', 'Kimyager', 'Chimiste', '화학자', 'Chemiker'],
  ]],
  ['News', 3, ['politics', 'books', 'society'], [
    ['journalist', 'Journalist', 'ジャーナリスト', 'Periodista', 'Jornalista', 'صحفي', 'Jurnalis', 'Gazeteci', 'Journaliste', '기자', 'Journalist'],
    ['editor', 'Editor', '編集者', 'Editor', 'Editor', 'محرر', 'Editor', 'Editör', 'Rédacteur', '편집자', 'Redakteur'],
    ['reporter', 'Reporter', '記者', 'Reportero', 'Repórter', 'مراسل', 'Reporter', 'Muhabir', 'Reporter', '리포터', 'Reporter'],
  ]],
  ['Artist', 8, ['hobbies', 'music', 'books', 'style'], [
    ['illustrator', 'Illustrator', 'イラストレーター', 'Ilustrador', 'Ilustrador', 'رسام', 'Ilustrator', 'İllüstratör', 'Illustrateur', '일러스트레이터', 'Illustrator'],
    ['photographer', 'Photographer', 'フォトグラファー', 'Fotógrafo', 'Fotógrafo', 'مصور', 'Fotografer', 'Fotoğrafçı', 'Photographe', '사진작가', 'Fotograf'],
    ['musician', 'Musician', 'ミュージシャン', 'Músico', 'Músico', 'موسيقي', 'Musisi', 'Müzisyen', 'Musicien', '뮤지션', 'Musiker'],
    ['graphic-designer', 'Graphic designer', 'グラフィックデザイナー', 'Diseñador gráfico', 'Designer gráfico', 'مصمم جرافيك', 'Desainer grafis', 'Grafik tasarımcı', 'Graphiste', '그래픽 디자이너', 'Grafikdesigner'],
    ['painter', 'Painter', '画家', 'Pintor', 'Pintor', 'فنان تشكيلي', 'Pelukis', 'Ressam', 'Peintre', '화가', 'Maler'],
  ]],
  ['Entertainment', 5, ['movies-tv', 'music', 'gaming'], [
    ['actor', 'Actor', '俳優', 'Actor', 'Ator', 'ممثل', 'Aktor', 'Oyuncu', 'Acteur', '배우', 'Schauspieler'],
    ['streamer', 'Streamer', '配信者', 'Streamer', 'Streamer', 'صانع محتوى', 'Streamer', 'Yayıncı', 'Streamer', '스트리머', 'Streamer'],
    ['comedian', 'Comedian', 'お笑い芸人', 'Comediante', 'Comediante', 'كوميدي', 'Komedian', 'Komedyen', 'Humoriste', '코미디언', 'Comedian'],
    ['dj', 'DJ', 'DJ', 'DJ', 'DJ', 'دي جي', 'DJ', 'DJ', 'DJ', 'DJ', 'DJ'],
  ]],
];

const titles: JobTitle[] = [];

export const JOB_CATEGORIES: readonly JobCategory[] = TREE.map(
  ([name, weight, interests, rows], category) => ({
    name,
    weight,
    interests,
    titles: rows.map(([key, ...text]) => {
      if (text.length !== LANGUAGE_CODES.length) throw new Error(`Job title ${key} lacks a translation`);
      const title: JobTitle = {
        index: titles.length,
        category,
        key,
        text: Object.fromEntries(LANGUAGE_CODES.map((code, i) => [code, text[i]])) as Record<
          LanguageCode,
          string
        >,
      };
      titles.push(title);
      return title;
    }),
  }),
);

export const JOB_TITLES: readonly JobTitle[] = titles;

/** Stored for accounts without a job title. */
export const NO_JOB = 0xffff;
