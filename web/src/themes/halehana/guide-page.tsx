import { type GuidePageClasses, type GuideStep, ThemeGuidePage } from '../parts/guide-parts';
import type { GuidePageProps } from '../types';
import { Flower } from './frame';
import styles from './halehana.module.css';

const STEPS: GuideStep[] = [
  {
    title: 'お気に入りを見つける',
    body: '気になる商品はハートを押してお気に入りに。会員登録をすると、いつでも見返せます。',
    link: { label: 'すべての商品', path: '/product' },
  },
  {
    title: 'カートに入れてご注文',
    body: 'カートからお届け先とお支払い方法を選んで、ご注文を確定してください。確認のメールをお送りします。',
    link: { label: 'カートを見る', path: '/cart' },
  },
  {
    title: 'フラの衣装のご相談',
    body: 'チームでおそろいのパウスカートなど、数のまとまったご注文はお問い合わせください。',
    link: { label: 'お問い合わせ', path: '/contact' },
  },
];

/**
 * The module's classes, but the step links are Halehana's rounded pills. Named one by one: under
 * vitest a CSS module is a proxy with no keys of its own, so `{ ...styles }` would lose them.
 */
const CLASSES: GuidePageClasses = {
  guide: styles.guide,
  guideTitle: styles.guideTitle,
  guideLead: styles.guideLead,
  steps: styles.steps,
  step: styles.step,
  stepTitle: styles.stepTitle,
  stepLink: styles.pill,
  guideSections: styles.guideSections,
  guideHeading: styles.guideHeading,
  guideList: styles.guideList,
  guideTerm: styles.guideTerm,
};

/** ご利用ガイド as soft rounded cards with a flower for each step. */
export function HalehanaGuidePage({ shopName, page }: GuidePageProps) {
  return (
    <ThemeGuidePage
      page={page}
      classes={CLASSES}
      heading={
        <>
          <Flower className={styles.flower} />
          ご利用ガイド
        </>
      }
      lead={`${shopName}でのお買い物の流れをご案内します。`}
      steps={STEPS}
      sectionsTitle="お支払い・お届けについて"
    />
  );
}
