import { type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import styles from './asone.module.css';

const STEPS: GuideStep[] = [
  {
    title: '型番で探す',
    body: 'カタログや前回の納品書にある型番・品番をキーワードに入れると、該当する商品が一覧に表示されます。',
    link: { label: '商品一覧へ', path: '/product' },
  },
  {
    title: '見積書を発行する',
    body: '商品をカートに入れてお手続きを進め、ご注文内容の確認画面で「見積書をダウンロード（PDF）」を押すと、その内容の見積書をお使いいただけます（注文の確定前でも発行できます）。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: 'ご注文と領収書',
    body: 'ご注文後は、マイページの注文履歴から内容の確認と領収書（PDF）のダウンロードができます。',
    link: { label: 'マイページへ', path: '/mypage' },
  },
  {
    title: '仕様のご相談',
    body: '適合や仕様のご質問は、お問い合わせフォームから型番を添えてお送りください。',
    link: { label: 'お問い合わせ', path: '/contact' },
  },
];

/** ご利用ガイド for laboratories: numbered steps as a procedure, then the shop's own terms. */
export function AsoneGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={styles}
      lead={`${shopName}での型番検索から見積・ご注文までの手順です。`}
      steps={STEPS}
      sectionsTitle="お支払い・配送について"
    />
  );
}
