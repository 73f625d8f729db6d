import type { MailMessage } from './mailer.js';

type Lang = 'en' | 'zh-CN' | 'zh-TW';

const RESET: Record<Lang, { subject: string; body: (name: string, link: string) => string }> = {
  en: {
    subject: 'Reset your Kindred password',
    body: (name, link) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your Kindred account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nKindred`,
  },
  'zh-CN': {
    subject: '重置您的 Kindred 密码',
    body: (name, link) =>
      `${name}，您好：\n\n有人请求重置您的 Kindred 账户密码。请在一小时内打开以下链接设置新密码：\n\n${link}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。\n\nKindred`,
  },
  'zh-TW': {
    subject: '重設您的 Kindred 密碼',
    body: (name, link) =>
      `${name}，您好：\n\n有人請求重設您的 Kindred 帳戶密碼。請在一小時內打開以下連結設定新密碼：\n\n${link}\n\n如果不是您本人操作，請忽略此郵件，您的密碼不會改變。\n\nKindred`,
  },
};

export function resetPasswordMail(to: string, name: string, lang: string, link: string): MailMessage {
  const t = RESET[(lang as Lang) in RESET ? (lang as Lang) : 'en'];
  return { to, subject: t.subject, text: t.body(name, link) };
}
