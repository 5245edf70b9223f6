import path from 'node:path';
import type { Config } from '../config';

/** Where the server's mail goes, for the console's note on the sign-up and verification pages. */
export interface MailDelivery {
  /** `smtp`: sent through SMTP_URL; `outbox`: written as .eml files on the server (no SMTP configured). */
  mode: 'smtp' | 'outbox';
  /** The outbox folder (absolute on a local server, `DATA_DIR/outbox` otherwise); null with SMTP. */
  outbox: string | null;
  /** Each mail's links are printed to the server's log as well (outbox mode on a local server). */
  links_in_log: boolean;
}

/** Whether APP_URL names this machine (localhost, 127.0.0.0/8, ::1): the server's log is then its user's terminal. */
export function isLocalAppUrl(appUrl: string): boolean {
  const host = new URL(appUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

export function mailDelivery(config: Config): MailDelivery {
  if (config.mail.smtpUrl) return { mode: 'smtp', outbox: null, links_in_log: false };
  const local = isLocalAppUrl(config.server.appUrl);
  return { mode: 'outbox', outbox: local ? outboxDir(config) : 'DATA_DIR/outbox', links_in_log: local };
}

/** The links of a plain-text mail, whole: what a developer opens instead of the .eml file. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
