import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { GuideSteps, ShopGuideSections, type GuideStep } from '../parts/guide-parts';
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
  useDocumentTitle('ご利用ガイド');
  return (
    <article className={styles.guide} aria-labelledby="guide-title">
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ご利用ガイド' }]} />
      <h1 id="guide-title" className={styles.guideTitle}>
        ご利用ガイド
      </h1>
      <p className={styles.guideLead}>{shopName}での型番検索から見積・ご注文までの手順です。</p>
      <GuideSteps
        steps={STEPS}
        className={styles.steps}
        itemClassName={styles.step}
        titleClassName={styles.stepTitle}
        linkClassName={styles.stepLink}
      />
      <ShopGuideSections
        page={page}
        title="お支払い・配送について"
        className={styles.guideSections}
        headingClassName={styles.guideHeading}
        listClassName={styles.guideList}
        termClassName={styles.guideTerm}
      />
    </article>
  );
}
