import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { GuideSteps, ShopGuideSections, type GuideStep } from '../parts/guide-parts';
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

/** ご利用ガイド as soft rounded cards with a flower for each step. */
export function HalehanaGuidePage({ shopName, page }: GuidePageProps) {
  useDocumentTitle('ご利用ガイド');
  return (
    <article className={styles.guide} aria-labelledby="guide-title">
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ご利用ガイド' }]} />
      <h1 id="guide-title" className={styles.guideTitle}>
        <Flower className={styles.flower} />
        ご利用ガイド
      </h1>
      <p className={styles.guideLead}>{shopName}でのお買い物の流れをご案内します。</p>
      <GuideSteps
        steps={STEPS}
        className={styles.steps}
        itemClassName={styles.step}
        titleClassName={styles.stepTitle}
        linkClassName={styles.pill}
      />
      <ShopGuideSections
        page={page}
        title="お支払い・お届けについて"
        className={styles.guideSections}
        headingClassName={styles.guideHeading}
        listClassName={styles.guideList}
        termClassName={styles.guideTerm}
      />
    </article>
  );
}
