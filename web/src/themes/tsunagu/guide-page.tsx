import { type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import styles from './tsunagu.module.css';

const STEPS: GuideStep[] = [
  {
    title: '法人会員のご登録',
    body: '会社名・部署名などの事業者情報をご登録ください。ご登録のメールアドレスの確認後にご利用いただけます。',
    link: { label: '会員登録', path: '/register' },
  },
  {
    title: '品番で探す',
    body: '品番・キーワードで検索し、数量を指定してカートに入れてください。',
    link: { label: '商品一覧', path: '/product' },
  },
  {
    title: '見積書の発行',
    body: 'ご注文の手続きの最後、ご注文内容の確認画面で見積書（PDF）をダウンロードできます。社内稟議にお使いください。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: '再注文と領収書',
    body: 'マイページの注文履歴から過去のご注文内容を確認し、領収書（PDF）を発行できます。',
    link: { label: '注文履歴', path: '/mypage/order_history' },
  },
  {
    title: 'お問い合わせ',
    body: '納期・数量のご相談はお問い合わせフォームから承ります。',
    link: { label: 'お問い合わせ', path: '/contact' },
  },
];

/** ご利用ガイド for business buyers: a numbered table of procedures, then the shop's terms. */
export function TsunaguGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={styles}
      heading="ご利用ガイド（法人のお客様）"
      lead={`${shopName}のご利用手順です。`}
      steps={STEPS}
      sectionsTitle="お取引条件"
    />
  );
}
