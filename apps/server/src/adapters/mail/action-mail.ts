import type { Language } from '@groeipad/core';
import type { Catalogue } from '../../i18n/catalogue.ts';
import type { MailMessage } from './mailer.ts';

/** Mails that carry one link to act on; their texts are `mail.<kind>.*` in the catalogue (D28). */
export type ActionMailKind =
  | 'activation'
  | 'reset'
  | 'alreadyRegistered'
  | 'invitation'
  | 'extractShared'
  | 'mentorLink'
  | 'mentorCode'
  | 'accountInvitation';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain-text and HTML mail: intro, one button with `link`, closing words. */
export function actionMail(
  texts: Catalogue,
  kind: ActionMailKind,
  language: Language,
  to: string,
  link: string,
  values: Record<string, string> = {},
): MailMessage {
  const t = (part: string) => texts.t(language, `mail.${kind}.${part}`, { email: to, ...values });
  const [intro, action, outro] = [t('intro'), t('action'), t('outro')];
  const signature = texts.t(language, 'mail.signature');
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n\n${signature}`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2f6f4e;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: t('subject'), text, html };
}
