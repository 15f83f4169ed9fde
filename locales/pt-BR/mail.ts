// The portal's security mails in Brazilian Portuguese, keyed by message id:
// the same mails and parameters as en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "um aplicativo autenticador",
  webauthn: "uma chave de segurança",
  passkey: "uma chave de acesso",
  lookup_secret: "códigos de backup",
} as const;

const notYou = (settingsUrl: string) =>
  `Se não foi você, entre em ${settingsUrl}, encerre as outras sessões em Atividade de segurança recente e altere sua senha imediatamente.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "Novo login na sua conta",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `Houve um login na sua conta a partir de um dispositivo que ela nunca tinha usado.\n\nDispositivo: ${browserName({ browser, version }) || "navegador desconhecido"} (${os || "sistema desconhecido"})\nEndereço IP: ${ip || "desconhecido"}\nHorário: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Sua senha foi alterada",
    text: ({ at, settingsUrl }) => `A senha da sua conta foi alterada em ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "Um segundo fator foi adicionado à sua conta",
    text: ({ method, at, settingsUrl }) =>
      `Um novo segundo fator foi configurado na sua conta em ${at}: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "Um segundo fator foi removido da sua conta",
    text: ({ method, at, settingsUrl }) =>
      `Um segundo fator foi removido da sua conta em ${at}: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Seu endereço de e-mail foi alterado",
    text: ({ from, to, at, settingsUrl }) =>
      `O endereço de e-mail da sua conta foi alterado de ${from} para ${to} em ${at}. Os e-mails sobre sua conta agora vão para ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "Um provedor de login foi vinculado à sua conta",
    text: ({ provider, at, settingsUrl }) =>
      `Agora você pode entrar na sua conta com ${provider}: o vínculo foi feito em ${at}.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "Um provedor de login foi desvinculado da sua conta",
    text: ({ provider, at, settingsUrl }) =>
      `${provider} foi desvinculado da sua conta em ${at}: ele não permite mais entrar.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Sua conta foi recuperada",
    text: ({ at, settingsUrl }) => `Alguém recuperou o acesso à sua conta com um código de recuperação em ${at}.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "O acesso à sua conta está pausado",
    text: ({ at, until, recoveryUrl }) =>
      `Em ${at}, foram tentadas senhas erradas demais na sua conta, por isso entrar com senha está pausado até ${until} em todo navegador em que você nunca entrou antes. Sua senha não foi revelada, e os navegadores que você já usa continuam podendo entrar.\n\nSe foi você: aguarde até ${until} ou defina uma nova senha com um código enviado para este endereço em ${recoveryUrl}\n\nSe não foi você: alguém pode conhecer seu endereço e estar tentando adivinhar. Escolha uma senha longa que você não use em nenhum outro lugar e adicione um segundo fator nas configurações da sua conta.`,
  },
  account_deleted: {
    subject: "Sua conta foi excluída",
    text: ({ at }) =>
      `Sua conta foi excluída em ${at}, como você pediu. As sessões dela foram encerradas e os aplicativos que você tinha conectado perderam o acesso. Nada dela pode ser restaurado.\n\nSe você não pediu isso, responda a este e-mail.`,
  },
  account_deleted_by_admin: {
    subject: "Sua conta foi excluída",
    text: ({ at }) =>
      `Um administrador excluiu sua conta em ${at}. As sessões dela foram encerradas e os aplicativos que você tinha conectado perderam o acesso. Nada dela pode ser restaurado.\n\nSe você não esperava por isso, responda a este e-mail.`,
  },
  role_granted: {
    subject: "Você recebeu uma função no portal",
    text: ({ role, at, settingsUrl }) =>
      `Um administrador deu à sua conta a função “${role}” em ${at}. Ela aparecerá na próxima vez que você abrir o portal (${settingsUrl}).\n\nSe você não esperava por isso, responda a este e-mail.`,
  },
  role_revoked: {
    subject: "Uma função sua no portal foi removida",
    text: ({ role, at, settingsUrl }) =>
      `Um administrador removeu a função “${role}” da sua conta em ${at}. A mudança aparecerá na próxima vez que você abrir o portal (${settingsUrl}).\n\nSe você não esperava por isso, responda a este e-mail.`,
  },
  account_deactivated: {
    subject: "Sua conta foi desativada",
    text: ({ at }) =>
      `Um administrador desativou sua conta em ${at}. Todas as sessões dela foram encerradas, e não será possível entrar com ela até que seja reativada.\n\nSe você não esperava por isso, responda a este e-mail.`,
  },
  account_reactivated: {
    subject: "Sua conta foi reativada",
    text: ({ at, settingsUrl }) => `Um administrador reativou sua conta em ${at}. Você pode entrar novamente em ${settingsUrl}.`,
  },
  footer: {
    support: (contact) => `Ajuda: ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `Não foi você que fez essa alteração? Desfaça-a com este link, uma única vez e em até 7 dias: ${link}\nDesfazer desconecta sua conta em todos os lugares, reverte o que mudou desde então e envia um código para você escolher uma nova senha.`,
  change_undone: {
    subject: "A alteração na sua conta foi desfeita",
    text: ({ at, code, link, until }) =>
      `Uma alteração na sua conta foi desfeita em ${at}, pelo link do nosso e-mail. A conta foi desconectada em todos os lugares, os e-mails dela voltam a chegar a este endereço e o que foi adicionado desde a alteração foi removido.\n\nSeu código de recuperação: ${code}\n\nDigite-o em ${link} até ${until} e depois escolha uma nova senha. Se o código tiver expirado, peça outro na página de recuperação com este endereço.`,
  },
  invitation: {
    subject: "Você foi convidado para uma conta",
    text: ({ inviter, site, until, link }) =>
      `${inviter} convidou você para uma conta em ${site}.\n\nAbra este link para aceitar e escolher sua senha:\n${link}\n\nO link funciona uma vez, até ${until}. Se tiver expirado, peça um novo a ${inviter}. Se você não esperava este convite, ignore este e-mail: nada acontece sem você.`,
  },
  invitation_accepted: {
    subject: "Seu convite foi aceito",
    text: ({ invitee, at, usersUrl }) => `${invitee} aceitou seu convite em ${at} e já pode entrar.\n\nGerenciar usuários: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "Conta",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "Recupere o acesso à sua conta",
      code: (code) => `Seu código para recuperar o acesso à sua conta: ${code}`,
      text: "Digite-o na página de recuperação. Se você não pediu para recuperar sua conta, pode ignorar este e-mail: sua senha continua a mesma.",
    },
    verification_code: {
      subject: "Confirme seu endereço de e-mail",
      code: (code) => `Seu código para confirmar este endereço de e-mail: ${code}`,
      text: "Digite-o na página onde você o pediu. Se você não pediu, pode ignorar este e-mail.",
      link: (link) => `Ou abra este link, mesmo em outro dispositivo: ${link}`,
    },
    login_code: {
      subject: "Seu código de acesso",
      code: (code) => `Seu código para entrar: ${code}`,
      text: "Digite-o na página de login. Se você não tentou entrar, pode ignorar este e-mail.",
    },
    registration_code: {
      subject: "Seu código para criar uma conta",
      code: (code) => `Seu código para concluir a criação da sua conta: ${code}`,
      text: "Digite-o na página de cadastro. Se você não tentou criar uma conta, pode ignorar este e-mail.",
    },
  },
};
