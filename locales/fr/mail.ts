// The portal's security mails in French ("vous"), keyed by message id, in the
// shape of en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "une application d’authentification",
  webauthn: "une clé de sécurité",
  passkey: "une clé d’accès",
  lookup_secret: "des codes de secours",
} as const;

const notYou = (settingsUrl: string) =>
  `Si vous n’êtes pas à l’origine de cette action, connectez-vous sur ${settingsUrl}, déconnectez tous les appareils sous «\u00A0Activité de sécurité récente\u00A0» et changez immédiatement votre mot de passe.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "Nouvelle connexion à votre compte",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `Une connexion à votre compte a eu lieu depuis un appareil qui n’avait encore jamais été utilisé pour ce compte.\n\nAppareil\u00A0: ${browserName({ browser, version }) || "Navigateur inconnu"} sur ${os || "système inconnu"}\nAdresse IP\u00A0: ${ip || "inconnue"}\nDate et heure\u00A0: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Votre mot de passe a été changé",
    text: ({ at, settingsUrl }) => `Le mot de passe de votre compte a été changé le ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "Un second facteur a été ajouté à votre compte",
    text: ({ method, at, settingsUrl }) =>
      `Un nouveau second facteur, ${methodNames[method]}, a été configuré sur votre compte le ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "Un second facteur a été supprimé de votre compte",
    text: ({ method, at, settingsUrl }) =>
      `Un second facteur de votre compte, ${methodNames[method]}, a été supprimé le ${at}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Votre adresse e-mail a été modifiée",
    text: ({ from, to, at, settingsUrl }) =>
      `L’adresse e-mail de votre compte est passée de ${from} à ${to} le ${at}. Les e-mails concernant votre compte sont désormais envoyés à ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "Un service de connexion a été associé à votre compte",
    text: ({ provider, at, settingsUrl }) =>
      `Vous pouvez désormais vous connecter à votre compte avec ${provider} : l'association date du ${at}.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "Un service de connexion a été dissocié de votre compte",
    text: ({ provider, at, settingsUrl }) =>
      `${provider} a été dissocié de votre compte le ${at} : il ne permet plus de vous connecter.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Votre compte a été récupéré",
    text: ({ at, settingsUrl }) =>
      `Le ${at}, quelqu’un a récupéré l’accès à votre compte avec un code de récupération.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "La connexion à votre compte est suspendue",
    text: ({ at, until, recoveryUrl }) =>
      `Le ${at}, trop de mots de passe erronés ont été essayés pour votre compte : la connexion par mot de passe est donc suspendue jusqu’au ${until} sur tout navigateur depuis lequel vous ne vous êtes jamais connecté. Votre mot de passe n’a pas été révélé, et les navigateurs que vous utilisez déjà peuvent toujours se connecter.\n\nSi c’était vous : attendez jusqu’au ${until}, ou choisissez un nouveau mot de passe avec un code envoyé à cette adresse sur ${recoveryUrl}\n\nSi ce n’était pas vous : quelqu’un connaît peut-être votre adresse et essaie de deviner. Choisissez un long mot de passe que vous n’utilisez nulle part ailleurs et ajoutez un second facteur dans les paramètres de votre compte.`,
  },
  account_deleted: {
    subject: "Votre compte a été supprimé",
    text: ({ at }) =>
      `Votre compte a été supprimé le ${at}, comme vous l’avez demandé. Ses sessions ont pris fin et les applications que vous aviez connectées ont perdu leur accès. Rien ne pourra en être restauré.\n\nSi vous n’avez pas demandé cette suppression, répondez à cet e-mail.`,
  },
  account_deleted_by_admin: {
    subject: "Votre compte a été supprimé",
    text: ({ at }) =>
      `Un administrateur a supprimé votre compte le ${at}. Ses sessions ont pris fin et les applications que vous aviez connectées ont perdu leur accès. Rien ne pourra en être restauré.\n\nSi vous ne vous y attendiez pas, répondez à cet e-mail.`,
  },
  role_granted: {
    subject: "Un rôle vous a été attribué sur le portail",
    text: ({ role, at, settingsUrl }) =>
      `Un administrateur a attribué le rôle «\u00A0${role}\u00A0» à votre compte le ${at}. Il prendra effet la prochaine fois que vous ouvrirez le portail (${settingsUrl}).\n\nSi vous ne vous y attendiez pas, répondez à cet e-mail.`,
  },
  role_revoked: {
    subject: "Un de vos rôles sur le portail a été retiré",
    text: ({ role, at, settingsUrl }) =>
      `Un administrateur a retiré le rôle «\u00A0${role}\u00A0» de votre compte le ${at}. Cela prendra effet la prochaine fois que vous ouvrirez le portail (${settingsUrl}).\n\nSi vous ne vous y attendiez pas, répondez à cet e-mail.`,
  },
  account_deactivated: {
    subject: "Votre compte a été désactivé",
    text: ({ at }) =>
      `Un administrateur a désactivé votre compte le ${at}. Toutes ses sessions ont été déconnectées et il ne pourra plus se connecter tant qu’il n’aura pas été réactivé.\n\nSi vous ne vous y attendiez pas, répondez à cet e-mail.`,
  },
  account_reactivated: {
    subject: "Votre compte a été réactivé",
    text: ({ at, settingsUrl }) =>
      `Un administrateur a réactivé votre compte le ${at}. Vous pouvez de nouveau vous connecter sur ${settingsUrl}.`,
  },
  footer: {
    support: (contact) => `Aide : ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `Ce n'était pas vous ? Annulez cette modification avec ce lien, une seule fois et dans les 7 jours : ${link}\nL'annulation déconnecte votre compte partout, retire ce qui a changé depuis et vous envoie un code pour choisir un nouveau mot de passe.`,
  change_undone: {
    subject: "La modification de votre compte a été annulée",
    text: ({ at, code, link, until }) =>
      `Une modification de votre compte a été annulée le ${at}, depuis le lien de notre e-mail. Le compte a été déconnecté partout, ses e-mails arrivent de nouveau à cette adresse et ce qui avait été ajouté depuis la modification a été retiré.\n\nVotre code de récupération : ${code}\n\nSaisissez-le sur ${link} avant le ${until}, puis choisissez un nouveau mot de passe. Si le code a expiré, demandez-en un nouveau sur la page de récupération avec cette adresse.`,
  },
  invitation: {
    subject: "Vous êtes invité à créer un compte",
    text: ({ inviter, site, until, link }) =>
      `${inviter} vous a invité à un compte sur ${site}.\n\nOuvrez ce lien pour accepter et choisir votre mot de passe :\n${link}\n\nLe lien ne sert qu’une fois, jusqu’au ${until}. S’il a expiré, demandez-en un nouveau à ${inviter}. Si vous n’attendiez pas cette invitation, ignorez ce message : rien ne se passe sans vous.`,
  },
  invitation_accepted: {
    subject: "Votre invitation a été acceptée",
    text: ({ invitee, at, usersUrl }) =>
      `${invitee} a accepté votre invitation le ${at} et peut désormais se connecter.\n\nGérer les utilisateurs : ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "Compte",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "Récupérez l’accès à votre compte",
      code: (code) => `Votre code pour récupérer l’accès à votre compte : ${code}`,
      text: "Saisissez-le sur la page de récupération. Si vous n’avez rien demandé, vous pouvez ignorer ce message : votre mot de passe reste inchangé.",
    },
    verification_code: {
      subject: "Confirmez votre adresse e-mail",
      code: (code) => `Votre code pour confirmer cette adresse e-mail : ${code}`,
      text: "Saisissez-le sur la page où vous l’avez demandé. Si vous ne l’avez pas demandé, vous pouvez ignorer ce message.",
      link: (link) => `Ou ouvrez ce lien, même sur un autre appareil : ${link}`,
    },
    login_code: {
      subject: "Votre code de connexion",
      code: (code) => `Votre code pour vous connecter : ${code}`,
      text: "Saisissez-le sur la page de connexion. Si vous n’avez pas essayé de vous connecter, vous pouvez ignorer ce message.",
    },
    registration_code: {
      subject: "Votre code pour créer un compte",
      code: (code) => `Votre code pour terminer la création de votre compte : ${code}`,
      text: "Saisissez-le sur la page d’inscription. Si vous n’avez pas essayé de créer un compte, vous pouvez ignorer ce message.",
    },
  },
};
