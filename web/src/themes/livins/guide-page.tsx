import { type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import styles from './livins.module.css';

const STEPS: GuideStep[] = [
  {
    title: 'サイズを確かめる',
    body: '家具は、設置場所と搬入経路（玄関・廊下・階段）の寸法を、商品ページのサイズとあわせてご確認ください。',
    link: { label: 'コレクションを見る', path: '/product' },
  },
  {
    title: 'お届け日を選ぶ',
    body: 'ご注文の手続きで、お届け希望日と時間帯をお選びいただけます。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: 'ご相談',
    body: '素材やお手入れ、コーディネートのご相談はお問い合わせフォームからお気軽にどうぞ。',
    link: { label: 'お問い合わせ', path: '/contact' },
  },
];

/** ご利用ガイド with wide margins: a large thin title, the steps in a single quiet column. */
export function LivinsGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={styles}
      lead={`${shopName}で、家具を気持ちよくお迎えいただくために。`}
      steps={STEPS}
      sectionsTitle="お支払い・配送"
    />
  );
}
