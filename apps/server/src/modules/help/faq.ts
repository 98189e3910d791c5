import { serverCatalogues } from '@murmur/core/i18n';
import type { HelpEntry } from './help-types';

// Help quotes the messages as the screens show them, in each language (the shared catalogue).
const en = serverCatalogues.en.messages;
const ja = serverCatalogues.ja.messages;

/** Help: answers to the questions and messages users meet most often (SPEC §5, §8 texts). */
export const HELP: HelpEntry[] = [
  {
    id: 'sign-in-problems',
    kind: 'help',
    text: {
      en: {
        title: 'I cannot sign in',
        summary: 'Login codes, social sign-in and being sent back to the login page.',
        sections: [
          {
            id: 'code',
            title: `“${en.invalidLoginCode}”`,
            body: 'The code has 6 characters and is valid for a short time. Ask for a new code with Start over and use the newest mail.',
          },
          {
            id: 'unauthorized',
            title: `“${en.unauthorizedLogin}”`,
            body: 'The sign-in came back from X in another tab or after too long. Start the sign-in again from the same tab.',
          },
          {
            id: 'signed-out',
            title: 'I am sent back to the login page',
            body: 'Your session ended or you signed out elsewhere. Sign in again; the dashboard returns you to the page you were on.',
          },
        ],
      },
      ja: {
        title: 'サインインできない',
        summary: 'ログインコード、ソーシャルサインイン、ログイン画面に戻される場合。',
        sections: [
          {
            id: 'code',
            title: `「${ja.invalidLoginCode}」と表示される`,
            body: 'コードは 6 文字で、有効期間は短めです。「最初からやり直す」で新しいコードを受け取り、最新のメールのコードを入力してください。',
          },
          {
            id: 'unauthorized',
            title: `「${ja.unauthorizedLogin}」と表示される`,
            body: 'X からの戻りが別のタブだったか、時間が経ちすぎています。同じタブでもう一度サインインしてください。',
          },
          {
            id: 'signed-out',
            title: 'ログイン画面に戻される',
            body: 'セッションが終了したか、別の場所でサインアウトしました。もう一度サインインすると、元の画面に戻ります。',
          },
        ],
      },
    },
  },
  {
    id: 'applying-audiences',
    kind: 'help',
    text: {
      en: {
        title: 'Applying an audience does not work',
        summary: 'The extension, empty targeting lists, handles over 100 and custom audiences not ready.',
        sections: [
          {
            id: 'extension',
            title: 'The extension is not installed',
            body: 'Applying needs the X Pro Targeting extension in Chrome. When it is missing, the dashboard says so and opens the extension’s store page.',
          },
          {
            id: 'empty',
            title: `“${en.emptyTargeting}”`,
            body: 'Every item of the list is deselected, or it has none. Add at least one keyword, handle, interest or filter.',
          },
          {
            id: 'handles',
            title: 'Only 100 handles were applied',
            body: 'X accepts at most 100 handles in a line item; the first 100 are used.',
          },
          {
            id: 'custom',
            title: 'Some custom audiences are not ready',
            body: 'X takes up to 48 hours to process an uploaded audience. You can apply the rest now and add it later.',
          },
        ],
      },
      ja: {
        title: 'オーディエンスを適用できない',
        summary:
          '拡張機能、空のターゲティングリスト、100 件を超えるハンドル、準備中のカスタムオーディエンス。',
        sections: [
          {
            id: 'extension',
            title: '拡張機能がインストールされていない',
            body: '適用には Chrome の X Pro Targeting 拡張機能が必要です。見つからない場合はその旨を表示し、拡張機能のストアページを開きます。',
          },
          {
            id: 'empty',
            title: `「${ja.emptyTargeting}」と表示される`,
            body: 'リストの項目がすべて選択解除されているか、項目がありません。キーワード、ハンドル、興味関心、フィルターのいずれかを 1 つ以上追加してください。',
          },
          {
            id: 'handles',
            title: 'ハンドルが 100 件しか適用されない',
            body: 'X の広告グループに設定できるハンドルは最大 100 件です。最初の 100 件が使われます。',
          },
          {
            id: 'custom',
            title: '準備ができていないカスタムオーディエンスがある',
            body: 'X でのアップロード処理には最大 48 時間かかります。残りを先に適用し、後から追加できます。',
          },
        ],
      },
    },
  },
  {
    id: 'billing-and-uploads',
    kind: 'help',
    text: {
      en: {
        title: 'Subscriptions, billing and uploads',
        summary: 'Why an upload is refused and how to complete the billing details.',
        sections: [
          {
            id: 'subscription',
            title: `“${en.needSubscription}”`,
            body: 'Uploading is part of the paid plans. A team admin chooses a plan under Pricing and Subscriptions in Team settings.',
          },
          {
            id: 'details',
            title: 'Billing details',
            body: 'A plan can be bought once the team has an invoice email, a country and an invoice name. Only team admins change them.',
          },
          {
            id: 'ad-account',
            title: 'No ad account to upload to',
            body: 'Connect X in Profile settings and grant an ad account to the team first.',
          },
        ],
      },
      ja: {
        title: 'サブスクリプション、請求、アップロード',
        summary: 'アップロードが拒否される理由と、請求先情報の入力方法。',
        sections: [
          {
            id: 'subscription',
            title: `「${ja.needSubscription}」と表示される`,
            body: 'アップロードは有料プランの機能です。チーム管理者がチーム設定の「料金とサブスクリプション」でプランを選んでください。',
          },
          {
            id: 'details',
            title: '請求先情報',
            body: '請求先メール、国、請求先名がそろうとプランを購入できます。変更できるのはチーム管理者だけです。',
          },
          {
            id: 'ad-account',
            title: 'アップロード先の広告アカウントがない',
            body: 'まずプロフィール設定で X を接続し、広告アカウントをチームに付与してください。',
          },
        ],
      },
    },
  },
  {
    id: 'new-version',
    kind: 'help',
    text: {
      en: {
        title: '“A new version is available”',
        summary: 'What to do when a page fails to load after an update.',
        sections: [
          {
            id: 'refresh',
            title: 'Refresh the page',
            body: 'The dashboard was updated while it was open, so a page could not be loaded. Refresh the page; inside the extension, close it and open it again.',
          },
        ],
      },
      ja: {
        title: '「新しいバージョンがあります」と表示される',
        summary: '更新後にページを読み込めなかったときの対処。',
        sections: [
          {
            id: 'refresh',
            title: 'ページを再読み込みする',
            body: '開いている間にダッシュボードが更新されたため、ページを読み込めませんでした。ページを再読み込みしてください。拡張機能の中では、一度閉じてから開き直してください。',
          },
        ],
      },
    },
  },
];
