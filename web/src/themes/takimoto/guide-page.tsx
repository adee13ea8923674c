import { type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import styles from './takimoto.module.css';

const STEPS: GuideStep[] = [
  {
    title: '器を選ぶ',
    body: '一点ごとに寸法と写真を載せています。手仕事の器は、色や形が写真とわずかに異なることがございます。',
    link: { label: '器の一覧へ', path: '/product' },
  },
  {
    title: '贈り物に',
    body: 'ご注文の手続きで、ご注文者とは別のお届け先を指定できます。大切な方への贈り物にもどうぞ。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: 'お届けまで',
    body: '割れ物として一点ずつ丁寧に梱包してお送りします。ご注文の状況はマイページの注文履歴でご確認いただけます。',
    link: { label: 'マイページへ', path: '/mypage' },
  },
  {
    title: 'ご相談',
    body: '揃えのご注文や、茶道具の取り合わせのご相談はお問い合わせフォームからどうぞ。',
    link: { label: 'お問い合わせ', path: '/contact' },
  },
];

/** ご利用ガイド as a folded leaflet: the title set vertically beside the steps on wide screens. */
export function TakimotoGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={styles}
      lead={`${shopName}でのお買い物の手引きです。`}
      steps={STEPS}
      sectionsTitle="お支払い・お届けについて"
      titleBeside
    />
  );
}
