/**
 * The contact form between its steps (/contact → /contact/confirm → /contact/complete): what the
 * person typed and the files they attached, kept in sessionStorage — this tab only, gone when it
 * closes — so 戻る, a reload or the confirm page find it as it was. Sending forgets it; the
 * complete page keeps only the inquiry number.
 */
import type { InquiryCreated, UploadedFile } from '../../api/types';
import { readStorage, session, writeStorage } from '../../lib/storage';
import { EMPTY_CONTACT, type ContactFields } from './contact-schema';

export const CONTACT_DRAFT_KEY = 'shop.contactDraft';
export const CONTACT_SENT_KEY = 'shop.contactSent';

export interface ContactDraft {
  fields: ContactFields;
  files: UploadedFile[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function parse(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The kept draft, every field a string (anything else stored is ignored). */
export function readContactDraft(): ContactDraft | null {
  const value = parse(readStorage(session(), CONTACT_DRAFT_KEY));
  if (!isRecord(value) || !isRecord(value.fields)) return null;
  const stored = value.fields;
  const fields = { ...EMPTY_CONTACT };
  for (const name of Object.keys(EMPTY_CONTACT) as (keyof ContactFields)[]) {
    const field = stored[name];
    if (typeof field === 'string') fields[name] = field;
  }
  const files = Array.isArray(value.files)
    ? (value.files.filter(
        (f) => isRecord(f) && typeof f.key === 'string' && typeof f.name === 'string',
      ) as UploadedFile[])
    : [];
  return { fields, files };
}

export function saveContactDraft(draft: ContactDraft): void {
  writeStorage(session(), CONTACT_DRAFT_KEY, JSON.stringify(draft));
}

export function forgetContactDraft(): void {
  writeStorage(session(), CONTACT_DRAFT_KEY, null);
}

/** The answer of the sent form, for the complete page (and its reload). */
export function rememberSent(created: InquiryCreated): void {
  writeStorage(session(), CONTACT_SENT_KEY, JSON.stringify({ number: created.number }));
}

export function readSent(): { number: string } | null {
  const value = parse(readStorage(session(), CONTACT_SENT_KEY));
  return isRecord(value) && typeof value.number === 'string' ? { number: value.number } : null;
}

export const CONTACT_ERRORS_KEY = 'shop.contactErrors';

/** The server's field messages of a refused send, for the form to show on its fields. */
export function rememberServerErrors(errors: Record<string, string>): void {
  writeStorage(session(), CONTACT_ERRORS_KEY, JSON.stringify(errors));
}

/** The kept field messages, once (a reload of the form does not show them again). */
export function takeServerErrors(): Record<string, string> | null {
  const value = parse(readStorage(session(), CONTACT_ERRORS_KEY));
  writeStorage(session(), CONTACT_ERRORS_KEY, null);
  if (!isRecord(value)) return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) if (typeof message === 'string') errors[field] = message;
  return Object.keys(errors).length > 0 ? errors : null;
}
