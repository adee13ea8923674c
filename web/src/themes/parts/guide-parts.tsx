import type { StaticPage } from '../../api/types';
import { Paragraphs } from '../../ui/paragraphs';
import { SmartLink } from '../../ui/smart-link';

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
