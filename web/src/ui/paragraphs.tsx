/** Plain text from the server shown as paragraphs (split on blank lines, line breaks kept). */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {splitParagraphs(text).map((paragraph, index) => (
        <p key={index} className={className} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
