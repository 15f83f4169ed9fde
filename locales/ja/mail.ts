// The portal's security mails in Japanese (です/ます), keyed by message id;
// the same shape as en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "認証アプリ",
  webauthn: "セキュリティキー",
  passkey: "パスキー",
  lookup_secret: "バックアップコード",
} as const;

const notYou = (settingsUrl: string) =>
  `心当たりがない場合は、${settingsUrl} でサインインし、「最近のセキュリティアクティビティ」ですべてのデバイスからサインアウトしてから、すぐにパスワードを変更してください。`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "アカウントへの新しいサインイン",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `これまで使われたことのないデバイスから、あなたのアカウントにサインインがありました。\n\nデバイス: ${browserName({ browser, version }) || "不明なブラウザー"}（${os || "不明なシステム"}）\nIP アドレス: ${ip || "不明"}\n日時: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "パスワードが変更されました",
    text: ({ at, settingsUrl }) => `${at} に、あなたのアカウントのパスワードが変更されました。\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "アカウントに2つ目の認証要素が追加されました",
    text: ({ method, at, settingsUrl }) =>
      `${at} に、あなたのアカウントに新しい2つ目の認証要素（${methodNames[method]}）が設定されました。\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "アカウントから2つ目の認証要素が削除されました",
    text: ({ method, at, settingsUrl }) =>
      `${at} に、あなたのアカウントの2つ目の認証要素（${methodNames[method]}）が削除されました。\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "メールアドレスが変更されました",
    text: ({ from, to, at, settingsUrl }) =>
      `${at} に、あなたのアカウントのメールアドレスが ${from} から ${to} に変更されました。今後、アカウントに関するメールは ${to} に届きます。\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "アカウントにサインイン用サービスがリンクされました",
    text: ({ provider, at, settingsUrl }) =>
      `${at}に${provider}がリンクされ、${provider}でアカウントにサインインできるようになりました。\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "アカウントからサインイン用サービスのリンクが解除されました",
    text: ({ provider, at, settingsUrl }) =>
      `${at}に${provider}のリンクが解除されました。今後${provider}ではサインインできません。\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "アカウントが復旧されました",
    text: ({ at, settingsUrl }) => `${at} に、復旧コードを使ってあなたのアカウントへのアクセスが回復されました。\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "アカウントへのサインインを一時停止しました",
    text: ({ at, until, recoveryUrl }) =>
      `${at} に、あなたのアカウントで誤ったパスワードが何度も試されました。そのため、これまでサインインしたことのないブラウザーからのパスワードによるサインインを ${until} まで停止しています。パスワードが漏れたわけではなく、すでにお使いのブラウザーからは引き続きサインインできます。\n\nご本人の場合: ${until} までお待ちいただくか、${recoveryUrl} でこのアドレスに届くコードを使って新しいパスワードを設定してください。\n\nお心当たりがない場合: 誰かがあなたのアドレスを知り、パスワードを推測しているおそれがあります。ほかで使っていない長いパスワードを選び、アカウント設定で二要素認証を追加してください。`,
  },
  account_deleted: {
    subject: "アカウントが削除されました",
    text: ({ at }) =>
      `ご依頼に従い、${at} にあなたのアカウントを削除しました。アカウントのセッションは終了し、連携していたアプリケーションはアクセスできなくなりました。アカウントの内容は一切復元できません。\n\nこの削除を依頼していない場合は、このメールに返信してください。`,
  },
  account_deleted_by_admin: {
    subject: "アカウントが削除されました",
    text: ({ at }) =>
      `${at} に、管理者があなたのアカウントを削除しました。アカウントのセッションは終了し、連携していたアプリケーションはアクセスできなくなりました。アカウントの内容は一切復元できません。\n\n心当たりがない場合は、このメールに返信してください。`,
  },
  role_granted: {
    subject: "ポータルでロールが付与されました",
    text: ({ role, at, settingsUrl }) =>
      `${at} に、管理者があなたのアカウントにロール「${role}」を付与しました。次に ${settingsUrl} でポータルを開いたときに反映されます。\n\n心当たりがない場合は、このメールに返信してください。`,
  },
  role_revoked: {
    subject: "ポータルでのロールが解除されました",
    text: ({ role, at, settingsUrl }) =>
      `${at} に、管理者があなたのアカウントからロール「${role}」を解除しました。次に ${settingsUrl} でポータルを開いたときに反映されます。\n\n心当たりがない場合は、このメールに返信してください。`,
  },
  account_deactivated: {
    subject: "アカウントが無効化されました",
    text: ({ at }) =>
      `${at} に、管理者があなたのアカウントを無効化しました。すべてのデバイスでサインアウトされ、再有効化されるまでサインインできません。\n\n心当たりがない場合は、このメールに返信してください。`,
  },
  account_reactivated: {
    subject: "アカウントが再有効化されました",
    text: ({ at, settingsUrl }) => `${at} に、管理者があなたのアカウントを再有効化しました。${settingsUrl} で再びサインインできます。`,
  },
  footer: {
    support: (contact) => `ヘルプ：${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `この変更に心当たりがない場合は、次のリンクから元に戻せます(1回限り、7日以内): ${link}\n元に戻すと、アカウントはすべての場所からサインアウトされ、その後の変更は取り消され、新しいパスワードを設定するためのコードがメールで届きます。`,
  change_undone: {
    subject: "アカウントの変更を元に戻しました",
    text: ({ at, code, link, until }) =>
      `${at}に、メールのリンクからアカウントの変更が元に戻されました。アカウントはすべての場所からサインアウトされ、アカウントに関するメールは再びこのアドレスに届きます。変更後に追加されたものは削除されました。\n\n回復コード: ${code}\n\n${until}までに ${link} でこのコードを入力し、新しいパスワードを設定してください。コードの期限が切れた場合は、回復ページでこのアドレスを入力して新しいコードを請求してください。`,
  },
  invitation: {
    subject: "アカウントへの招待が届いています",
    text: ({ inviter, site, until, link }) =>
      `${inviter} さんから ${site} のアカウントに招待されました。\n\n次のリンクを開いて招待を受け入れ、パスワードを設定してください:\n${link}\n\nこのリンクは ${until} まで、1 回だけ使えます。期限が切れた場合は ${inviter} さんに新しいリンクを依頼してください。心当たりのない招待であれば、このメールは無視してください。あなたの操作なしには何も起こりません。`,
  },
  invitation_accepted: {
    subject: "招待が受け入れられました",
    text: ({ invitee, at, usersUrl }) =>
      `${invitee} さんが ${at} に招待を受け入れ、サインインできるようになりました。\n\nユーザーの管理: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "アカウント",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "アカウントへのアクセスの回復",
      code: (code) => `アカウントへのアクセスを回復するためのコード：${code}`,
      text: "回復ページで入力してください。回復を要求していない場合は、このメールを無視してください。パスワードは変更されません。",
    },
    verification_code: {
      subject: "メールアドレスの確認",
      code: (code) => `このメールアドレスを確認するためのコード：${code}`,
      text: "コードを要求したページで入力してください。心当たりがない場合は、このメールを無視してください。",
      link: (link) => `または、次のリンクを開いてください（別の端末でも開けます）：${link}`,
    },
    login_code: {
      subject: "サインインコード",
      code: (code) => `サインイン用のコード：${code}`,
      text: "サインインページで入力してください。サインインしようとしていない場合は、このメールを無視してください。",
    },
    registration_code: {
      subject: "アカウント作成用のコード",
      code: (code) => `アカウントの作成を完了するためのコード：${code}`,
      text: "登録ページで入力してください。アカウントを作成しようとしていない場合は、このメールを無視してください。",
    },
  },
};
