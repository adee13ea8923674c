import { type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import styles from './awjapan.module.css';

const STEPS: GuideStep[] = [
  {
    title: 'サイズを選ぶ',
    body: '商品ページでサイズと色を選んでください。会員の方はマイページに採寸を登録すると、おすすめのサイズが表示されます。',
    link: { label: '採寸の登録', path: '/mypage/measurement' },
  },
  {
    title: 'まとめて注文',
    body: 'サイズ・色違いを何着もご注文のときは、商品ページの「まとめて注文」から数量を一度に入力できます。',
    link: { label: '商品一覧へ', path: '/product' },
  },
  {
    title: '現場へ届ける',
    body: 'ご注文の手続きで、ご注文者とは別のお届け先（現場・事業所）を指定できます。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: '困ったときは',
    body: 'よくあるご質問をご覧いただくか、お問い合わせフォームからご連絡ください。',
    link: { label: 'よくあるご質問', path: '/faq' },
  },
];

/** ご利用ガイド as a job sheet: heavy numbered steps on a striped rule, then the shop's terms. */
export function AwjapanGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={styles}
      lead={`${shopName}で、必要な数をすばやく揃える手順です。`}
      steps={STEPS}
      sectionsTitle="お支払い・配送"
    />
  );
}
