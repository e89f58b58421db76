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
  | 'mentorLinks'
  | 'mentorCode'
  | 'accountInvitation';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A plain-text and HTML mail: intro, one button with `link`, closing words. With `links` (several things
 * to open, e.g. one mentor link per student, issue 31): the action's words, then each link under its label.
 */
export function actionMail(
  texts: Catalogue,
  kind: ActionMailKind,
  language: Language,
  to: string,
  link: string,
  values: Record<string, string> = {},
  links?: readonly { label: string; url: string }[],
): MailMessage {
  const t = (part: string) => texts.t(language, `mail.${kind}.${part}`, { email: to, ...values });
  const [intro, action, outro] = [t('intro'), t('action'), t('outro')];
  const signature = texts.t(language, 'mail.signature');
  const button = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#2f6f4e;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a>`;
  const text = links
    ? `${intro}\n\n${action}\n${links.map((entry) => `- ${entry.label}: ${entry.url}`).join('\n')}\n\n${outro}\n\n${signature}`
    : `${intro}\n\n${action}: ${link}\n\n${outro}\n\n${signature}`;
  const body = links
    ? `<p>${escapeHtml(action)}</p>\n<ul style="padding-left:0;list-style:none">${links
        .map((entry) => `<li style="margin:0 0 8px">${button(entry.url, entry.label)}</li>`)
        .join('')}</ul>`
    : `<p>${button(link, action)}</p>`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(intro)}</p>
${body}
<p style="color:#555">${escapeHtml(outro)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: t('subject'), text, html };
}
