import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classifyLink } from '../lib/links';

/** A link from shop content: router link for site paths, new tab for http(s), nothing otherwise. */
export function SmartLink({
  to,
  children,
  className,
}: {
  to: string | null | undefined;
  children: ReactNode;
  className?: string;
}) {
  const link = classifyLink(to);
  if (!link) return <span className={className}>{children}</span>;
  if (link.kind === 'internal') {
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
