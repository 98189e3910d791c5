import type { HelpEntry } from './help-types';

/** The user manual: one chapter per area of the team dashboard, for reading or printing. */
export const MANUAL: HelpEntry[] = [
  {
    id: 'user-manual',
    kind: 'manual',
    text: {
      en: {
        title: 'User manual',
        summary: 'Every screen of the team dashboard, what it shows and what it needs.',
        sections: [
          {
            id: 'teams',
            title: 'Teams and members',
            body: 'A team has a name, members and a subscription. Admins rename it, invite members by email (one or several addresses, with an optional message), fill in the billing details (invoice email, country and invoice name) and change the plan. Members read everything and build audiences.',
          },
          {
            id: 'audiences',
            title: 'My Audiences',
            body: 'The table lists the team’s saved audiences with size, category, country, status and whether they are targetable. Sort by any column, open insights, compare audiences, upload them to X or delete them.',
          },
          {
            id: 'creator',
            title: 'Audience creator',
            body: 'Build an audience step by step: criteria, filters, then a name. Back is always allowed; Continue needs the current step filled in. Analyse a handle shows who follows an account before you add it.',
          },
          {
            id: 'store',
            title: 'Audience store',
            body: 'Ready-made audiences by category and region, sized on today’s network. Save one to your team to change it or use it.',
          },
          {
            id: 'insights',
            title: 'Insights',
            body: 'Summary, demographics, conversation, job titles, network, topic analysis and the content wall describe an audience against the whole network. Export a chart as PNG or all of them as a zip.',
          },
          {
            id: 'communities',
            title: 'Communities and interests',
            body: 'Communities shows trending and most searched communities; Interests lists X’s interest categories with their audience sizes.',
          },
          {
            id: 'campaigns',
            title: 'Campaigns, creatives and media',
            body: 'Create a campaign on a granted ad account, add ad sets with a saved audience, placements and a size bucket, and ads from your creatives. Activating a draft publishes it to X; delivery, reach and segmentations follow.',
          },
          {
            id: 'activity',
            title: 'Activity feed',
            body: 'The team’s audit log: who signed in, saved, deleted, uploaded or applied an audience, invited a member, changed the team or its subscription, and when.',
          },
          {
            id: 'settings',
            title: 'Settings',
            body: 'Profile settings hold your connected accounts and ad accounts; Team settings the members and billing; Organisation settings the team’s profile, country and the Japanese agreement.',
          },
        ],
      },
      ja: {
        title: 'ユーザーマニュアル',
        summary: 'チームダッシュボードの各画面の内容と、必要な準備。',
        sections: [
          {
            id: 'teams',
            title: 'チームとメンバー',
            body: 'チームには名前、メンバー、サブスクリプションがあります。管理者はチーム名の変更、メールでのメンバー招待（複数のアドレスと任意のメッセージ）、請求先情報（請求先メール、国、請求先名）の入力、プランの変更ができます。メンバーはすべてを閲覧し、オーディエンスを作成できます。',
          },
          {
            id: 'audiences',
            title: 'マイオーディエンス',
            body: 'チームが保存したオーディエンスを、規模、カテゴリ、国、ステータス、ターゲティング可否とともに一覧表示します。列で並べ替え、インサイトの表示、比較、X へのアップロード、削除ができます。',
          },
          {
            id: 'creator',
            title: 'オーディエンスクリエイター',
            body: '条件、フィルター、名前の順にオーディエンスを作成します。「戻る」はいつでも可能で、「続行」には現在のステップの入力が必要です。「ハンドルを分析」で、追加する前にアカウントのフォロワー像を確認できます。',
          },
          {
            id: 'store',
            title: 'オーディエンスストア',
            body: 'カテゴリと地域ごとの既製オーディエンスを、現在のネットワークで算出した規模とともに提供します。チームに保存すると編集・利用できます。',
          },
          {
            id: 'insights',
            title: 'インサイト',
            body: '概要、属性、会話、職種、ネットワーク、トピック分析、コンテンツウォールで、オーディエンスをネットワーク全体と比較して示します。グラフは PNG で、まとめて zip でエクスポートできます。',
          },
          {
            id: 'communities',
            title: 'コミュニティと興味関心',
            body: 'コミュニティでは話題のコミュニティとよく検索されるコミュニティを、興味関心では X の興味関心カテゴリと規模を表示します。',
          },
          {
            id: 'campaigns',
            title: 'キャンペーン、クリエイティブ、メディア',
            body: '付与された広告アカウントでキャンペーンを作成し、保存したオーディエンス・配置・規模区分で広告グループを、クリエイティブから広告を追加します。下書きを有効にすると X に公開され、配信・リーチ・セグメントが表示されます。',
          },
          {
            id: 'activity',
            title: 'アクティビティフィード',
            body: 'チームの監査ログです。誰がいつサインインし、オーディエンスを保存・削除・アップロード・適用し、メンバーを招待し、チームやサブスクリプションを変更したかを表示します。',
          },
          {
            id: 'settings',
            title: '設定',
            body: 'プロフィール設定には接続済みアカウントと広告アカウント、チーム設定にはメンバーと請求、組織設定にはチームのプロフィール、国、日本向け利用規約があります。',
          },
        ],
      },
    },
  },
];
