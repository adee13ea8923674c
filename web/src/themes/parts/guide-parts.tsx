import type { ReactNode } from 'react';
import type { StaticPage } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Paragraphs } from '../../ui/paragraphs';
import { SmartLink } from '../../ui/smart-link';
import type { GuidePageProps } from '../types';

export interface GuideStep {
  title: string;
  body: string;
  link?: { label: string; path: string };
}

/** A theme guide's steps, each with its way to the screen it speaks of. */
export function GuideSteps({
  steps,
  className,
  itemClassName,
  titleClassName,
  linkClassName,
}: {
  steps: GuideStep[];
  className?: string;
  itemClassName?: string;
  titleClassName?: string;
  linkClassName?: string;
}) {
  return (
    <ol className={className}>
      {steps.map((step) => (
        <li key={step.title} className={itemClassName}>
          <h3 className={titleClassName}>{step.title}</h3>
          <p>{step.body}</p>
          {step.link ? (
            <SmartLink to={step.link.path} className={linkClassName}>
              {step.link.label}
            </SmartLink>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The shop's own /guide sections (shipping, payment, business days), when it has the page. */
export function ShopGuideSections({
  page,
  title,
  className,
  headingClassName,
  listClassName,
  termClassName,
}: {
  page: StaticPage | null;
  title: string;
  className?: string;
  headingClassName?: string;
  listClassName?: string;
  termClassName?: string;
}) {
  if (!page || page.sections.length === 0) return null;
  return (
    <section aria-labelledby="guide-shop-sections" className={className}>
      <h2 id="guide-shop-sections" className={headingClassName}>
        {title}
      </h2>
      <dl className={listClassName}>
        {page.sections.map((section, index) => (
          <div key={`${index}-${section.heading}`}>
            <dt className={termClassName}>{section.heading}</dt>
            <dd>
              <Paragraphs text={section.body} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The classes of a theme's ご利用ガイド, from its CSS module (`guideColumns`: the row holding the
 * title beside the rest, with `titleBeside`). Each is optional because a CSS module is typed as
 * any string key, and a theme need not style every part.
 */
export type GuidePageClasses = Readonly<
  Partial<
    Record<
      | 'guide'
      | 'guideTitle'
      | 'guideLead'
      | 'steps'
      | 'step'
      | 'stepTitle'
      | 'stepLink'
      | 'guideSections'
      | 'guideHeading'
      | 'guideList'
      | 'guideTerm'
      | 'guideColumns',
      string
    >
  >
>;

/**
 * A theme's ご利用ガイド: breadcrumbs, the title and lead, the theme's steps, then the shop's own
 * /guide sections. The themes differ in their classes, words and steps only.
 */
export function ThemeGuidePage({
  page,
  classes,
  heading = 'ご利用ガイド',
  lead,
  steps,
  sectionsTitle,
  titleBeside = false,
}: {
  page: GuidePageProps['page'];
  classes: GuidePageClasses;
  /** The h1; the breadcrumb and the document title stay ご利用ガイド. */
  heading?: ReactNode;
  lead: ReactNode;
  steps: GuideStep[];
  /** The heading over the shop's own sections. */
  sectionsTitle: string;
  /**
   * Put the title in a column of its own beside the lead, steps and sections (`guideColumns`).
   * A flag rather than the class's presence: under vitest a CSS module names every class.
   */
  titleBeside?: boolean;
}) {
  useDocumentTitle('ご利用ガイド');
  const title = (
    <h1 id="guide-title" className={classes.guideTitle}>
      {heading}
    </h1>
  );
  const body = (
    <>
      <p className={classes.guideLead}>{lead}</p>
      <GuideSteps
        steps={steps}
        className={classes.steps}
        itemClassName={classes.step}
        titleClassName={classes.stepTitle}
        linkClassName={classes.stepLink}
      />
      <ShopGuideSections
        page={page}
        title={sectionsTitle}
        className={classes.guideSections}
        headingClassName={classes.guideHeading}
        listClassName={classes.guideList}
        termClassName={classes.guideTerm}
      />
    </>
  );
  return (
    <article className={classes.guide} aria-labelledby="guide-title">
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ご利用ガイド' }]} />
      {titleBeside ? (
        <div className={classes.guideColumns}>
          {title}
          <div>{body}</div>
        </div>
      ) : (
        <>
          {title}
          {body}
        </>
      )}
    </article>
  );
}
