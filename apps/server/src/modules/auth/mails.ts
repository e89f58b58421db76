import type { Language } from '@groeipad/core';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

interface Texts {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const TEXTS: Record<'activation' | 'reset' | 'alreadyRegistered', Record<Language, Texts>> = {
  activation: {
    nl: {
      subject: 'Activeer je Groeipad-account',
      intro: 'Welkom bij Groeipad! Bevestig je e-mailadres om je account te activeren.',
      action: 'Account activeren',
      outro: 'Deze link is 48 uur geldig. Heb je geen account aangevraagd? Dan kun je deze e-mail negeren.',
    },
    en: {
      subject: 'Activate your Groeipad account',
      intro: 'Welcome to Groeipad! Confirm your e-mail address to activate your account.',
      action: 'Activate account',
      outro: 'This link is valid for 48 hours. Did not ask for an account? Then you can ignore this e-mail.',
    },
  },
  reset: {
    nl: {
      subject: 'Stel je Groeipad-wachtwoord opnieuw in',
      intro: 'We kregen een verzoek om het wachtwoord van je Groeipad-account opnieuw in te stellen.',
      action: 'Nieuw wachtwoord instellen',
      outro:
        'Deze link is 1 uur geldig en werkt één keer. Heb je dit niet gevraagd? Dan blijft je wachtwoord ongewijzigd.',
    },
    en: {
      subject: 'Reset your Groeipad password',
      intro: 'We received a request to reset the password of your Groeipad account.',
      action: 'Set a new password',
      outro:
        'This link is valid for 1 hour and works once. Did not ask for this? Then your password stays as it is.',
    },
  },
  alreadyRegistered: {
    nl: {
      subject: 'Je hebt al een Groeipad-account',
      intro: 'Iemand probeerde een account te registreren met dit e-mailadres, maar dat account bestaat al.',
      action: 'Naar aanmelden',
      outro: 'Wachtwoord vergeten? Vraag op de aanmeldpagina een nieuw wachtwoord aan.',
    },
    en: {
      subject: 'You already have a Groeipad account',
      intro:
        'Someone tried to register an account with this e-mail address, but that account already exists.',
      action: 'Go to sign in',
      outro: 'Forgot your password? Ask for a new one on the sign-in page.',
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function accountMail(
  kind: keyof typeof TEXTS,
  language: Language,
  to: string,
  link: string,
): MailMessage {
  const t = TEXTS[kind][language];
  const text = `${t.intro}\n\n${t.action}: ${link}\n\n${t.outro}\n\nGroeipad`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2f6f4e;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.action)}</a></p>
<p style="color:#555">${escapeHtml(t.outro)}</p><p>Groeipad</p></body></html>`;
  return { to, subject: t.subject, text, html };
}
