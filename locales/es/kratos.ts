// Kratos' texts in Spanish, keyed by Kratos' message id: the same ids, node
// groups and placeholders as en/kratos.ts.
import type { KratosCatalog } from "../en/kratos.js";

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratos = {
  // Sign-in.
  "1010001": "Iniciar sesión",
  "1010002": "Iniciar sesión con {{provider}}",
  "1010003": "Confirma que eres tú para continuar.",
  "1010004": "Completa el segundo paso para iniciar sesión.",
  "1010005": "Verificar",
  "1010006": "Código de tu aplicación de autenticación",
  "1010007": "Código de respaldo",
  "1010008": "Iniciar sesión con llave de seguridad",
  "1010009": "Iniciar sesión con aplicación de autenticación",
  "1010010": "Iniciar sesión con código de respaldo",
  "1010011": "Iniciar sesión con llave de seguridad",
  "1010012": "Ten a mano tu llave de seguridad o tu lector de huellas y continúa.",
  "1010013": "Continuar",
  "1010014":
    "Enviamos un código a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección e inténtalo de nuevo.",
  "1010015": "Enviar código de inicio de sesión",
  "1010016":
    "Intentaste iniciar sesión con {{duplicate_identifier}} a través de {{provider}}, pero otra cuenta ya usa esa dirección de correo electrónico. Inicia sesión en esa cuenta aquí abajo para añadir {{provider}} como otra forma de iniciar sesión.",
  "1010017": "Iniciar sesión y vincular",
  "1010018": "Confirmar con {{provider}}",
  "1010019": "Recibir un código para continuar",
  "1010021": "Iniciar sesión con llave de acceso",
  "1010022": "Iniciar sesión con contraseña",
  "1010023": "Enviar código a {{address}}",

  // Registration.
  "1040001": "Registrarse",
  password: { "1040001": "Registrarse con contraseña" },
  profile: { "1040001": "Continuar" },
  "1040002": "Registrarse con {{provider}}",
  "1040003": "Continuar",
  "1040004": "Registrarse con llave de seguridad",
  "1040005":
    "Enviamos un código a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección e inténtalo de nuevo.",
  "1040006": "Registrarse con un código enviado a tu correo electrónico",
  "1040007": "Registrarse con llave de acceso",
  "1040008": "Atrás",
  "1040009": "Elige cómo vas a iniciar sesión en tu nueva cuenta.",

  // Account Settings.
  "1050001": "Se guardaron tus cambios.",
  "1050002": "Vincular {{provider}}",
  "1050003": "Desvincular {{provider}}",
  "1050004": "Quitar la aplicación de autenticación",
  "1050005": "Código QR de la aplicación de autenticación",
  "1050006": "{{secret}}",
  "1050007": "Mostrar los códigos de respaldo",
  "1050008": "Generar nuevos códigos de respaldo",
  "1050009": "{{secret}}",
  "1050010": "Tus códigos de respaldo. Guárdalos en un lugar seguro: cada uno sirve una sola vez.",
  "1050011": "Confirmar los códigos de respaldo",
  "1050012": "Añadir llave de seguridad",
  "1050013": "Nombre de la llave de seguridad",
  "1050014": `Usado el {{used_at, ${dateTime}}}`,
  "1050015": "Tus códigos de respaldo",
  "1050016": "Desactivar los códigos de respaldo",
  "1050017": "La clave secreta de tu aplicación de autenticación. Escríbela en la aplicación si no puedes escanear el código QR.",
  "1050018": "Quitar la llave de seguridad «{{display_name}}»",
  "1050019": "Añadir llave de acceso",
  "1050020": `Quitar la llave de acceso añadida el {{added_at, ${dateTime}}}`,

  // Recovery.
  "1060001": `Tu cuenta se recuperó. Cambia tu contraseña o añade otra forma de iniciar sesión antes del {{privileged_session_expires_at, ${dateTime}}}.`,
  invitation: {
    "1060001": `Bienvenido: tu invitación está aceptada. Elige tu contraseña antes del {{privileged_session_expires_at, ${dateTime}}} para terminar de configurar tu cuenta.`,
  },
  "1060002":
    "Enviamos un enlace de recuperación a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección y asegúrate de que es la que usaste al registrarte.",
  "1060003":
    "Enviamos un código de recuperación a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección y asegúrate de que es la que usaste al registrarte.",

  // Form fields and buttons of every flow.
  "1070001": "Contraseña",
  "1070002": "{{title}}",
  "1070003": "Guardar",
  "1070004": "ID",
  "1070005": "Enviar",
  "1070006": "Verificar código",
  "1070007": "Correo electrónico",
  "1070008": "Reenviar código",
  "1070009": "Continuar",
  "1070010": "Código de recuperación",
  "1070011": "Código de verificación",
  "1070012": "Código de registro",
  "1070013": "Código de inicio de sesión",
  "1070014": "Iniciar sesión y vincular la cuenta",
  "1070015": "Completa el captcha para continuar.",

  // Verification.
  "1080001":
    "Enviamos un enlace de verificación a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección y asegúrate de que es la que usaste al registrarte.",
  "1080002": "Tu dirección de correo electrónico está verificada.",
  "1080003":
    "Enviamos un código de verificación a la dirección de correo electrónico que escribiste. Si no llega, revisa la dirección y asegúrate de que es la que usaste al registrarte.",

  // Errors in a field or a form.
  "4000001": "{{reason}}",
  "4000002": "Completa este campo.",
  "4000003": "Usa al menos {{min_length}} caracteres.",
  "4000004": "Escribe un valor con el formato esperado.",
  "4000005": "No puedes usar esta contraseña: {{reason}}.",
  breachCheck: {
    "4000005": "Ahora no podemos comprobar esta contraseña en las filtraciones de datos conocidas. Vuelve a intentarlo en unos minutos.",
  },
  "4000006":
    "Los datos de inicio de sesión no son correctos. Comprueba que tu dirección de correo electrónico y tu contraseña estén bien escritas.",
  "4000007": "Ya existe una cuenta con esta dirección de correo electrónico.",
  "4000008": "Este código de tu aplicación de autenticación no es válido. Inténtalo de nuevo.",
  "4000009":
    "Tu cuenta no tiene ninguna dirección de correo electrónico con la que iniciar sesión. Puede deberse a un error en la configuración del servidor.",
  "4000010": "Tu cuenta aún no está activa. Primero verifica tu dirección de correo electrónico.",
  "4000011": "No has configurado ninguna aplicación de autenticación.",
  "4000012": "Este código de respaldo ya se usó.",
  "4000013": "No has configurado ninguna llave de seguridad.",
  "4000014": "No tienes códigos de respaldo configurados.",
  "4000015": "Esta cuenta no existe o no tiene ninguna llave de seguridad configurada.",
  "4000016": "Este código de respaldo no es válido.",
  "4000017": "Usa como máximo {{max_length}} caracteres.",
  "4000018": "Escribe {{minimum}} o más.",
  "4000019": "Escribe un número mayor que {{minimum}}.",
  "4000020": "Escribe {{maximum}} o menos.",
  "4000021": "Escribe un número menor que {{maximum}}.",
  "4000022": "Escribe un múltiplo de {{base}}.",
  "4000023": "Elige como máximo {{max_items}}.",
  "4000024": "Elige al menos {{min_items}}.",
  "4000025": "Cada entrada debe ser distinta.",
  "4000026": "Este valor no es del tipo correcto.",
  "4000027":
    "Ya existe una cuenta con esta dirección de correo electrónico. Inicia sesión primero en ella para vincular la cuenta externa con la que intentaste iniciar sesión.",
  "4000028": "Otra cuenta ya usa esta dirección de correo electrónico. Inicia sesión en esa cuenta.",
  "4000029": "Este valor no está permitido.",
  "4000030": "Este valor no está permitido.",
  "4000031": "Esta contraseña se parece demasiado a tu dirección de correo electrónico.",
  "4000032": "Tu contraseña necesita al menos {{min_length}} caracteres.",
  "4000033": "Tu contraseña puede tener como máximo {{max_length}} caracteres.",
  "4000034": "Esta contraseña apareció en una filtración de datos. Elige otra.",
  "4000035": "Esta cuenta no existe o no tiene configurado el inicio de sesión con código.",
  "4000036": "Estos datos no coinciden con los que escribiste antes en este formulario.",
  "4000037": "Esta cuenta no existe o no tiene configurada ninguna forma de iniciar sesión.",
  "4000038": "La comprobación del captcha falló. Inténtalo de nuevo.",

  // Errors of a whole flow.
  "4010001": `Esta página de inicio de sesión caducó el {{expired_at, ${dateTime}}}. Inténtalo de nuevo.`,
  "4010002": "No pudimos saber cómo quieres iniciar sesión. Revisa el formulario e inténtalo de nuevo.",
  "4010003": "No pudimos saber cómo quieres registrarte. Revisa el formulario e inténtalo de nuevo.",
  "4010004": "No pudimos saber qué parte de la configuración quieres cambiar. Revisa el formulario e inténtalo de nuevo.",
  "4010005": "No pudimos saber cómo quieres recuperar tu cuenta. Revisa el formulario e inténtalo de nuevo.",
  "4010006": "No pudimos saber cómo quieres verificar tu cuenta. Revisa el formulario e inténtalo de nuevo.",
  "4010007": "Esto ya se hizo y no se puede volver a hacer.",
  "4010008": "Este código de inicio de sesión no es válido o ya se usó. Inténtalo de nuevo.",
  "4010009": "Los datos de inicio de sesión que quieres vincular no coinciden.",
  "4010010": "Esta dirección no pertenece a tu cuenta.",
  "4040001": `Esta página de registro caducó el {{expired_at, ${dateTime}}}. Inténtalo de nuevo.`,
  "4040002": "Esto ya se hizo y no se puede volver a hacer.",
  "4040003": "Este código de registro no es válido o ya se usó. Inténtalo de nuevo.",
  "4050001": `Esta página de configuración caducó el {{expired_at, ${dateTime}}}. Inténtalo de nuevo.`,
  "4060001": "Esto ya se hizo y no se puede volver a hacer.",
  "4060002": "No se pudo recuperar la cuenta. Vuelve a empezar.",
  "4060004": "Este enlace de recuperación no es válido o ya se usó. Vuelve a empezar.",
  "4060005": `Esta página de recuperación caducó el {{expired_at, ${dateTime}}}. Inténtalo de nuevo.`,
  "4060006": "Este código de recuperación no es válido o ya se usó. Inténtalo de nuevo.",
  "4070001": "Este enlace de verificación no es válido o ya se usó. Vuelve a empezar.",
  "4070002": "Esto ya se hizo y no se puede volver a hacer.",
  "4070003": "La verificación falló. Vuelve a empezar.",
  "4070005": `Esta página de verificación caducó el {{expired_at, ${dateTime}}}. Inténtalo de nuevo.`,
  "4070006": "Este código de verificación no es válido o ya se usó. Inténtalo de nuevo.",

  // A system error.
  "5000001": "{{reason}}",
} satisfies KratosCatalog;
