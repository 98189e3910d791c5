import type { Language, MarketingMaterial } from '@murmur/core/api';
import type { ContentType } from '@murmur/core/targeting';
import { NotFound } from '../../errors';
import { heading, paragraph, renderPdf } from '../../integrations/pdf';
import { PRO_AUTHOR } from './pro-origin';

interface Section {
  title: string;
  body: string;
}
interface Material {
  slug: string;
  contentType: ContentType;
  text: Record<Language, { title: string; summary: string; sections: Section[] }>;
}

/**
 * The marketing materials of the pro-targeting site (SPEC §3 content types: Product One-pagers,
 * Slide Deck, FAQ, Case Studies), in English and Japanese. Each downloads as a PDF written from
 * this text, one section per page for the slide deck.
 */
const MATERIALS: Material[] = [
  {
    slug: 'targeting-toolkit-one-pager',
    contentType: 'one-pager',
    text: {
      en: {
        title: 'Targeting Toolkit at a glance',
        summary: 'What the toolkit does, for whom, and how an audience goes from an idea to an ad account.',
        sections: [
          {
            title: 'Who it is for',
            body: 'Advertisers and agencies who plan campaigns on X and want audiences built from what people follow, post and write in their profiles, instead of broad demographics alone.',
          },
          {
            title: 'Build',
            body: 'Combine followers of accounts, interests, keywords people posted about and words in their profiles. The audience size updates as you type, and suggested interests show what else your audience leans to.',
          },
          {
            title: 'Understand',
            body: 'Insights describe any audience: demographics, interests, influential accounts, communities, topics and sample accounts, each against the whole network.',
          },
          {
            title: 'Compare competitors',
            body: 'Put up to twelve accounts side by side: their followers, who they reach, and how much their audiences overlap. Download the summary as a PDF for your team.',
          },
          {
            title: 'Apply',
            body: 'Save audiences as lists, share them, download their targeting package, and apply them to an ad account with the browser extension.',
          },
        ],
      },
      ja: {
        title: 'Targeting Toolkit の概要',
        summary:
          'ツールキットでできること、対象となる方、そしてオーディエンスがアイデアから広告アカウントに届くまで。',
        sections: [
          {
            title: '対象となる方',
            body: 'X でキャンペーンを計画し、大まかな属性だけでなく、フォローしているアカウント・投稿内容・プロフィールの言葉からオーディエンスを作りたい広告主と代理店の皆様。',
          },
          {
            title: '作る',
            body: 'アカウントのフォロワー、興味関心、投稿されたキーワード、プロフィールの言葉を組み合わせます。入力するたびにオーディエンスの規模が更新され、おすすめの興味関心も表示されます。',
          },
          {
            title: '理解する',
            body: 'インサイトが、属性・興味関心・影響力のあるアカウント・コミュニティ・トピック・サンプルアカウントを、ネットワーク全体と比較して示します。',
          },
          {
            title: '競合を比較する',
            body: '最大 12 アカウントを並べて、フォロワー、リーチ、オーディエンスの重なりを比較できます。概要は PDF でダウンロードできます。',
          },
          {
            title: '活用する',
            body: 'オーディエンスをリストとして保存・共有し、ターゲティングパッケージをダウンロードし、ブラウザ拡張機能で広告アカウントに適用します。',
          },
        ],
      },
    },
  },
  {
    slug: 'competitor-analysis-one-pager',
    contentType: 'one-pager',
    text: {
      en: {
        title: 'Competitor analysis',
        summary: 'How to read follower overlap between brands and turn it into targeting.',
        sections: [
          {
            title: 'The question',
            body: 'Whom do your competitors reach that you do not, and how many of their followers already follow you?',
          },
          {
            title: 'The answer',
            body: 'Enter up to twelve handles. For each you get the followers, their demographics and most distinctive interests, and the number of followers shared with every other account.',
          },
          {
            title: 'Turning it into targeting',
            body: 'A competitor with a large audience and little overlap is a reach opportunity: build an audience of its followers, exclude your own, and save it as a list.',
          },
        ],
      },
      ja: {
        title: '競合分析',
        summary: 'ブランド間のフォロワーの重なりを読み解き、ターゲティングに生かす方法。',
        sections: [
          {
            title: '問い',
            body: '競合が届いていて自社が届いていない人は誰か。競合のフォロワーのうち、すでに自社をフォローしている人はどれくらいか。',
          },
          {
            title: '答え',
            body: '最大 12 のハンドルを入力すると、それぞれのフォロワー数、その属性と特徴的な興味関心、他の各アカウントと共通するフォロワー数がわかります。',
          },
          {
            title: 'ターゲティングへ',
            body: 'オーディエンスが大きく重なりの少ない競合は、リーチ拡大の機会です。そのフォロワーでオーディエンスを作り、自社のフォロワーを除外して、リストとして保存しましょう。',
          },
        ],
      },
    },
  },
  {
    slug: 'targeting-toolkit-deck',
    contentType: 'slides',
    text: {
      en: {
        title: 'Targeting Toolkit — slide deck',
        summary: 'A short deck to present the toolkit to your team or your client.',
        sections: [
          {
            title: 'Audiences from behaviour',
            body: 'Followers of accounts, interests, posts and profile words: the signals people give on X, combined the way X combines them.',
          },
          {
            title: 'Live size',
            body: 'Every change re-estimates the audience against the whole network, so a plan is sized before it is saved.',
          },
          {
            title: 'Insights',
            body: 'Demographics, interests, communities, influential accounts and topics — each compared with the network.',
          },
          {
            title: 'Competitors',
            body: 'Up to twelve accounts side by side with their shared followers, and a PDF summary to share.',
          },
          {
            title: 'From list to campaign',
            body: 'Saved lists, targeting lists, shared lists and targeting packages go to your ad account through the extension.',
          },
        ],
      },
      ja: {
        title: 'Targeting Toolkit — スライド資料',
        summary: 'チームやクライアントにツールキットを紹介するための短いスライド資料。',
        sections: [
          {
            title: '行動からオーディエンスを作る',
            body: 'アカウントのフォロワー、興味関心、投稿、プロフィールの言葉。X 上の行動シグナルを、X と同じ方法で組み合わせます。',
          },
          {
            title: 'リアルタイムの規模',
            body: '変更のたびにネットワーク全体に対してオーディエンスを再推定するので、保存する前に規模がわかります。',
          },
          {
            title: 'インサイト',
            body: '属性、興味関心、コミュニティ、影響力のあるアカウント、トピックを、ネットワーク全体と比較します。',
          },
          {
            title: '競合',
            body: '最大 12 アカウントを共通フォロワーとともに比較し、PDF の概要で共有できます。',
          },
          {
            title: 'リストからキャンペーンへ',
            body: '保存リスト、ターゲティングリスト、共有リスト、ターゲティングパッケージを、拡張機能で広告アカウントに届けます。',
          },
        ],
      },
    },
  },
  {
    slug: 'targeting-toolkit-faq',
    contentType: 'faq',
    text: {
      en: {
        title: 'Frequently asked questions',
        summary: 'Sizes, privacy, limits and how audiences reach your ad account.',
        sections: [
          {
            title: 'How are audience sizes estimated?',
            body: 'Sizes are counted over an index of the network and scaled to the whole population; the same rules X applies to targeting are used (criteria of one kind are combined, location, language, age and gender narrow).',
          },
          {
            title: 'How many handles can I apply?',
            body: 'At most 100 handles are applied to an ad account; countries are sent when fewer than 50 are selected.',
          },
          {
            title: 'Do you store personal data of the audience?',
            body: 'No. Lists store the targeting package — the criteria — not the accounts that match it.',
          },
          {
            title: 'Why does applying need the extension?',
            body: 'The extension applies audiences inside your ad account with your own access; custom audiences may take up to 48 hours to be processed by X.',
          },
        ],
      },
      ja: {
        title: 'よくある質問',
        summary: '規模の推定、プライバシー、上限、広告アカウントへの適用について。',
        sections: [
          {
            title: 'オーディエンスの規模はどのように推定していますか?',
            body: 'ネットワークのインデックス上で数え、全体の人口に換算しています。X のターゲティングと同じルール(同じ種類の条件は合算、地域・言語・年齢・性別で絞り込み)を使います。',
          },
          {
            title: 'ハンドルはいくつまで適用できますか?',
            body: '広告アカウントに適用されるハンドルは最大 100 件です。国は選択が 50 か国未満のときに送信されます。',
          },
          {
            title: 'オーディエンスの個人データを保存しますか?',
            body: 'いいえ。リストに保存されるのはターゲティングパッケージ(条件)で、該当するアカウントではありません。',
          },
          {
            title: 'なぜ適用に拡張機能が必要なのですか?',
            body: '拡張機能は、ご自身の権限で広告アカウント内にオーディエンスを適用します。カスタムオーディエンスは X での処理に最大 48 時間かかる場合があります。',
          },
        ],
      },
    },
  },
  {
    slug: 'retail-launch-case-study',
    contentType: 'case-study',
    text: {
      en: {
        title: 'Case study: a retail launch in Japan',
        summary: 'How a retailer sized, compared and applied audiences for a product launch.',
        sections: [
          {
            title: 'Challenge',
            body: 'A retailer launching a new line in Japan needed audiences beyond its own followers, without wasting spend on people who already knew the brand.',
          },
          {
            title: 'Approach',
            body: "The team analysed three competitors, found the one with the largest audience and the least overlap, and built an audience of its followers interested in fashion, excluding the brand's own followers.",
          },
          {
            title: 'Result',
            body: 'The audience was sized before launch, shared with the agency as a targeting list, and applied to the ad account through the extension in one step.',
          },
        ],
      },
      ja: {
        title: '事例: 日本での小売ブランドのローンチ',
        summary: '小売ブランドが商品ローンチに向けてオーディエンスを推定・比較・適用した方法。',
        sections: [
          {
            title: '課題',
            body: '日本で新ラインを発売する小売ブランドは、自社フォロワー以外にも届くオーディエンスを必要としていました。すでにブランドを知っている人への無駄な配信は避けたいと考えていました。',
          },
          {
            title: '取り組み',
            body: 'チームは競合 3 社を分析し、オーディエンスが最も大きく重なりが最も少ない 1 社を特定。そのフォロワーのうちファッションに関心のある人でオーディエンスを作り、自社フォロワーを除外しました。',
          },
          {
            title: '成果',
            body: 'ローンチ前に規模を把握し、ターゲティングリストとして代理店と共有し、拡張機能で広告アカウントにワンステップで適用しました。',
          },
        ],
      },
    },
  },
];

const find = (slug: string) => {
  const material = MATERIALS.find((m) => m.slug === slug);
  if (!material) throw new NotFound();
  return material;
};

export function listMaterials(language: Language, contentType?: ContentType): MarketingMaterial[] {
  return MATERIALS.filter((m) => contentType === undefined || m.contentType === contentType).map((m) => ({
    slug: m.slug,
    content_type: m.contentType,
    title: m.text[language].title,
    summary: m.text[language].summary,
    // The deck has a title page and a page per section; the others flow on one or two pages.
    pages:
      m.contentType === 'slides'
        ? m.text[language].sections.length + 1
        : m.text[language].sections.length > 4
          ? 2
          : 1,
    download_url: `/api/external/marketing-materials/${m.slug}/download/?language=${language}`,
  }));
}

/** The material as a PDF in `language`: a file name and its bytes. */
export async function materialPdf(slug: string, language: Language) {
  const material = find(slug);
  const text = material.text[language];
  const body = await renderPdf({ title: text.title, author: PRO_AUTHOR }, (doc) => {
    if (material.contentType === 'slides') {
      heading(doc, text.title, 26);
      paragraph(doc, text.summary);
      for (const section of text.sections) {
        doc.addPage();
        heading(doc, section.title, 22);
        paragraph(doc, section.body);
      }
      return;
    }
    heading(doc, text.title, 22);
    paragraph(doc, text.summary);
    for (const section of text.sections) {
      heading(doc, section.title, 14);
      paragraph(doc, section.body);
    }
  });
  return { filename: `${slug}-${language}.pdf`, body };
}
