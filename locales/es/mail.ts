// The portal's security mails in Spanish, keyed by message id: the same
// mails and parameters as en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "una aplicación de autenticación",
  webauthn: "una llave de seguridad",
  passkey: "una llave de acceso",
  lookup_secret: "códigos de respaldo",
} as const;

const notYou = (settingsUrl: string) =>
  `Si no fuiste tú, inicia sesión en ${settingsUrl}, cierra la sesión en todas partes desde Actividad de seguridad reciente y cambia tu contraseña de inmediato.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "Nuevo inicio de sesión en tu cuenta",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `Se inició sesión en tu cuenta desde un dispositivo que no había usado antes.\n\nDispositivo: ${browserName({ browser, version }) || "un navegador desconocido"} en ${os || "un sistema desconocido"}\nDirección IP: ${ip || "desconocida"}\nHora: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "Se cambió tu contraseña",
    text: ({ at, settingsUrl }) => `La contraseña de tu cuenta se cambió el ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "Se añadió un segundo factor a tu cuenta",
    text: ({ method, at, settingsUrl }) =>
      `Se configuró un nuevo segundo factor en tu cuenta el ${at}: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "Se quitó un segundo factor de tu cuenta",
    text: ({ method, at, settingsUrl }) =>
      `Se quitó un segundo factor de tu cuenta el ${at}: ${methodNames[method]}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "Se cambió tu dirección de correo electrónico",
    text: ({ from, to, at, settingsUrl }) =>
      `La dirección de correo electrónico de tu cuenta se cambió de ${from} a ${to} el ${at}. Los correos sobre tu cuenta llegan ahora a ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "Se vinculó un proveedor de inicio de sesión a tu cuenta",
    text: ({ provider, at, settingsUrl }) =>
      `Ahora puedes iniciar sesión en tu cuenta con ${provider}: se vinculó el ${at}.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "Se desvinculó un proveedor de inicio de sesión de tu cuenta",
    text: ({ provider, at, settingsUrl }) =>
      `${provider} se desvinculó de tu cuenta el ${at}: ya no sirve para iniciar sesión.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "Se recuperó tu cuenta",
    text: ({ at, settingsUrl }) =>
      `Alguien recuperó el acceso a tu cuenta con un código de recuperación el ${at}.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "El inicio de sesión en tu cuenta está en pausa",
    text: ({ at, until, recoveryUrl }) =>
      `El ${at} se probaron demasiadas contraseñas incorrectas en tu cuenta, así que iniciar sesión con contraseña queda en pausa hasta el ${until} en todo navegador desde el que no hayas iniciado sesión antes. Tu contraseña no se reveló, y los navegadores que ya usas pueden seguir iniciando sesión.\n\nSi fuiste tú: espera hasta el ${until}, o elige una contraseña nueva con un código enviado a esta dirección en ${recoveryUrl}\n\nSi no fuiste tú: puede que alguien conozca tu dirección y esté adivinando. Elige una contraseña larga que no uses en ningún otro sitio y añade un segundo factor en los ajustes de tu cuenta.`,
  },
  account_deleted: {
    subject: "Se eliminó tu cuenta",
    text: ({ at }) =>
      `Tu cuenta se eliminó el ${at}, tal como pediste. Sus sesiones terminaron y las aplicaciones que habías conectado perdieron el acceso. No se puede recuperar nada de ella.\n\nSi no lo pediste tú, responde a este correo.`,
  },
  account_deleted_by_admin: {
    subject: "Se eliminó tu cuenta",
    text: ({ at }) =>
      `Un administrador eliminó tu cuenta el ${at}. Sus sesiones terminaron y las aplicaciones que habías conectado perdieron el acceso. No se puede recuperar nada de ella.\n\nSi no lo esperabas, responde a este correo.`,
  },
  role_granted: {
    subject: "Se te asignó un rol en el portal",
    text: ({ role, at, settingsUrl }) =>
      `Un administrador dio a tu cuenta el rol «${role}» el ${at}. Lo verás la próxima vez que abras el portal (${settingsUrl}).\n\nSi no lo esperabas, responde a este correo.`,
  },
  role_revoked: {
    subject: "Se quitó uno de tus roles en el portal",
    text: ({ role, at, settingsUrl }) =>
      `Un administrador quitó el rol «${role}» a tu cuenta el ${at}. El cambio se verá la próxima vez que abras el portal (${settingsUrl}).\n\nSi no lo esperabas, responde a este correo.`,
  },
  account_deactivated: {
    subject: "Se desactivó tu cuenta",
    text: ({ at }) =>
      `Un administrador desactivó tu cuenta el ${at}. Se cerraron todas sus sesiones y no podrás iniciar sesión con ella hasta que se reactive.\n\nSi no lo esperabas, responde a este correo.`,
  },
  account_reactivated: {
    subject: "Se reactivó tu cuenta",
    text: ({ at, settingsUrl }) => `Un administrador reactivó tu cuenta el ${at}. Puedes volver a iniciar sesión en ${settingsUrl}.`,
  },
  footer: {
    support: (contact) => `Ayuda: ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `¿No hizo usted este cambio? Deshágalo con este enlace, una sola vez y en un plazo de 7 días: ${link}\nAl deshacerlo, se cierran todas las sesiones de su cuenta, se revierte lo que cambió desde entonces y le enviamos un código para elegir una contraseña nueva.`,
  change_undone: {
    subject: "Se deshizo el cambio en su cuenta",
    text: ({ at, code, link, until }) =>
      `Un cambio en su cuenta se deshizo el ${at} desde el enlace de nuestro correo. Se cerraron todas las sesiones de la cuenta, su correo vuelve a llegar a esta dirección y se quitó lo que se había añadido desde el cambio.\n\nSu código de recuperación: ${code}\n\nIntrodúzcalo en ${link} antes del ${until} y elija después una contraseña nueva. Si el código ha caducado, pida otro en la página de recuperación con esta dirección.`,
  },
  invitation: {
    subject: "Te han invitado a una cuenta",
    text: ({ inviter, site, until, link }) =>
      `${inviter} te ha invitado a una cuenta en ${site}.\n\nAbre este enlace para aceptar y elegir tu contraseña:\n${link}\n\nEl enlace funciona una sola vez, hasta el ${until}. Si ha caducado, pide uno nuevo a ${inviter}. Si no esperabas esta invitación, ignora este correo: no ocurre nada sin ti.`,
  },
  invitation_accepted: {
    subject: "Tu invitación fue aceptada",
    text: ({ invitee, at, usersUrl }) =>
      `${invitee} aceptó tu invitación el ${at} y ya puede iniciar sesión.\n\nAdministrar usuarios: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "Cuenta",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "Recupera el acceso a tu cuenta",
      code: (code) => `Tu código para recuperar el acceso a tu cuenta: ${code}`,
      text: "Introdúcelo en la página de recuperación. Si no pediste recuperar tu cuenta, puedes ignorar este correo: tu contraseña no cambia.",
    },
    verification_code: {
      subject: "Verifica tu dirección de correo",
      code: (code) => `Tu código para verificar esta dirección de correo: ${code}`,
      text: "Introdúcelo en la página donde lo pediste. Si no lo pediste, puedes ignorar este correo.",
      link: (link) => `O abre este enlace, también desde otro dispositivo: ${link}`,
    },
    login_code: {
      subject: "Tu código de inicio de sesión",
      code: (code) => `Tu código para iniciar sesión: ${code}`,
      text: "Introdúcelo en la página de inicio de sesión. Si no intentaste iniciar sesión, puedes ignorar este correo.",
    },
    registration_code: {
      subject: "Tu código para crear una cuenta",
      code: (code) => `Tu código para terminar de crear tu cuenta: ${code}`,
      text: "Introdúcelo en la página de registro. Si no intentaste crear una cuenta, puedes ignorar este correo.",
    },
  },
};
