import type { HelpEntry } from './help-types';

/** Guides: step-by-step walks through the main jobs of the team dashboard. */
export const GUIDES: HelpEntry[] = [
  {
    id: 'getting-started',
    kind: 'guide',
    text: {
      en: {
        title: 'Getting started',
        summary: 'Sign in, create or join a team, and find your way around the dashboard.',
        sections: [
          {
            id: 'sign-in',
            title: 'Sign in',
            body: 'Sign in with X, with Google, Facebook or LinkedIn, or with your email address: we mail you a 6-character code, and the form signs you in as soon as you have typed it.',
          },
          {
            id: 'team',
            title: 'Create or join a team',
            body: 'Audiences, campaigns and uploads belong to a team. Create one from Choose team, or accept the invitation a team admin mailed you. The team you used last opens next time.',
          },
          {
            id: 'navigate',
            title: 'Find your way',
            body: 'The team menu leads to Audiences, the Audience creator, the Audience store, Communities, Interests, Explore X and Campaigns. Team settings hold the members, invitations, billing details and the subscription.',
          },
          {
            id: 'language',
            title: 'Choose your language',
            body: 'The dashboard speaks English and Japanese. It starts in your browser language; the language button switches it and saves the choice to your profile.',
          },
        ],
      },
      ja: {
        title: 'はじめに',
        summary: 'サインインし、チームを作成または参加して、ダッシュボードの使い方を覚えましょう。',
        sections: [
          {
            id: 'sign-in',
            title: 'サインイン',
            body: 'X、Google・Facebook・LinkedIn、またはメールアドレスでサインインできます。メールの場合は 6 文字のコードをお送りします。コードを入力し終えると自動的にサインインします。',
          },
          {
            id: 'team',
            title: 'チームを作成・参加する',
            body: 'オーディエンス、キャンペーン、アップロードはチームに属します。「チームを選択」から作成するか、チーム管理者から届いた招待を承認してください。前回使ったチームが次回も開きます。',
          },
          {
            id: 'navigate',
            title: '画面の移動',
            body: 'チームメニューから、オーディエンス、オーディエンスクリエイター、オーディエンスストア、コミュニティ、興味関心、Explore X、キャンペーンに移動できます。チーム設定にはメンバー、招待、請求先情報、サブスクリプションがあります。',
          },
          {
            id: 'language',
            title: '言語を選ぶ',
            body: 'ダッシュボードは英語と日本語に対応しています。最初はブラウザの言語で表示され、言語ボタンで切り替えるとプロフィールに保存されます。',
          },
        ],
      },
    },
  },
  {
    id: 'build-an-audience',
    kind: 'guide',
    text: {
      en: {
        title: 'Build and save an audience',
        summary: 'Combine handles, keywords, interests and filters, watch the size, and save the result.',
        sections: [
          {
            id: 'criteria',
            title: 'Choose the criteria',
            body: 'In the Audience creator, add handles (followers of those accounts), keywords and hashtags people posted, interests, conversation topics and movies/TV. Deselect an item to keep it in the list without using it.',
          },
          {
            id: 'filters',
            title: 'Narrow it down',
            body: 'Languages, countries, locations, network operators, age and gender narrow the audience. Countries are applied only when fewer than 50 are chosen.',
          },
          {
            id: 'size',
            title: 'Watch the size',
            body: 'The estimate updates half a second after your last change. An empty targeting package cannot be saved or applied.',
          },
          {
            id: 'save',
            title: 'Save it',
            body: 'Give the audience a name and save it to the team. Saved audiences appear under Audiences, where you can open their insights, compare them, upload them to X or delete them.',
          },
        ],
      },
      ja: {
        title: 'オーディエンスを作成・保存する',
        summary: 'ハンドル、キーワード、興味関心、フィルターを組み合わせ、規模を確認して保存します。',
        sections: [
          {
            id: 'criteria',
            title: '条件を選ぶ',
            body: 'オーディエンスクリエイターで、ハンドル（そのアカウントのフォロワー）、投稿されたキーワードやハッシュタグ、興味関心、会話トピック、映画・テレビ番組を追加します。選択を外すと、リストに残したまま使わないようにできます。',
          },
          {
            id: 'filters',
            title: '絞り込む',
            body: '言語、国、地域、通信事業者、年齢、性別でオーディエンスを絞り込めます。国は 50 か国未満を選んだときだけ適用されます。',
          },
          {
            id: 'size',
            title: '規模を確認する',
            body: '最後の変更から 0.5 秒後に推定規模が更新されます。空のターゲティングパッケージは保存も適用もできません。',
          },
          {
            id: 'save',
            title: '保存する',
            body: '名前を付けてチームに保存します。保存したオーディエンスは「オーディエンス」に表示され、インサイトの表示、比較、X へのアップロード、削除ができます。',
          },
        ],
      },
    },
  },
  {
    id: 'apply-to-x',
    kind: 'guide',
    text: {
      en: {
        title: 'Upload and apply audiences on X',
        summary:
          'Grant an ad account to the team, upload an audience and apply it with the browser extension.',
        sections: [
          {
            id: 'grant',
            title: 'Grant an ad account',
            body: 'Connect your X account in Profile settings, then grant one of its ad accounts to the team in Team settings. Uploads need an active subscription.',
          },
          {
            id: 'upload',
            title: 'Upload',
            body: 'From Audiences, upload a saved audience to the granted ad account. X may take up to a day to process it; the list shows when it becomes targetable.',
          },
          {
            id: 'extension',
            title: 'Apply with the extension',
            body: 'Install the X Pro Targeting extension for Chrome and open the line item in Ads Manager. Apply hands the targeting package to the extension: at most 100 handles are used, and custom audiences that are not ready yet are left out after you confirm.',
          },
          {
            id: 'agreement',
            title: 'Japanese advertisers',
            body: 'Teams in Japan accept the Japanese agreement once before applying: at most 3 segments per application, used within 2 months of the campaign start.',
          },
        ],
      },
      ja: {
        title: 'X でオーディエンスをアップロード・適用する',
        summary:
          '広告アカウントをチームに付与し、オーディエンスをアップロードして、ブラウザ拡張機能で適用します。',
        sections: [
          {
            id: 'grant',
            title: '広告アカウントを付与する',
            body: 'プロフィール設定で X アカウントを接続し、チーム設定でその広告アカウントをチームに付与します。アップロードには有効なサブスクリプションが必要です。',
          },
          {
            id: 'upload',
            title: 'アップロード',
            body: '「オーディエンス」から、保存したオーディエンスを付与された広告アカウントにアップロードします。X での処理には最大 1 日かかり、ターゲティング可能になると一覧に表示されます。',
          },
          {
            id: 'extension',
            title: '拡張機能で適用する',
            body: 'Chrome に X Pro Targeting 拡張機能をインストールし、広告マネージャーで広告グループを開きます。「適用」でターゲティングパッケージが拡張機能に渡されます。ハンドルは最大 100 件まで使われ、準備ができていないカスタムオーディエンスは確認の後に除外されます。',
          },
          {
            id: 'agreement',
            title: '日本の広告主の皆様へ',
            body: '日本のチームは、適用の前に一度だけ日本向け利用規約に同意します。1 回の適用につき最大 3 セグメント、キャンペーン開始から 2 か月以内にご利用ください。',
          },
        ],
      },
    },
  },
];
