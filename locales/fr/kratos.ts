// Kratos' texts in French ("vous"), keyed by Kratos' message id, with the same
// keys and placeholders as en/kratos.ts. A key under a node group ("password",
// "profile") applies to that group only.
import type { KratosCatalog } from "../en/kratos.js";

const dateTime = "datetime(dateStyle: medium; timeStyle: short)";

export const kratos = {
  // Sign-in.
  "1010001": "Se connecter",
  "1010002": "Se connecter avec {{provider}}",
  "1010003": "Confirmez votre identité pour continuer.",
  "1010004": "Terminez la deuxième étape pour vous connecter.",
  "1010005": "Valider",
  "1010006": "Code de votre application d’authentification",
  "1010007": "Code de secours",
  "1010008": "Se connecter avec une clé de sécurité",
  "1010009": "Se connecter avec l’application d’authentification",
  "1010010": "Se connecter avec un code de secours",
  "1010011": "Se connecter avec une clé de sécurité",
  "1010012": "Préparez votre clé de sécurité ou votre lecteur d’empreintes digitales, puis continuez.",
  "1010013": "Continuer",
  "1010014": "Nous avons envoyé un code à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et réessayez.",
  "1010015": "Envoyer un code de connexion",
  "1010016":
    "Vous avez tenté de vous connecter avec {{duplicate_identifier}} via {{provider}}, mais un autre compte utilise déjà cette adresse e-mail. Connectez-vous à ce compte ci-dessous pour ajouter {{provider}} comme autre méthode de connexion.",
  "1010017": "Se connecter et associer",
  "1010018": "Confirmer avec {{provider}}",
  "1010019": "Recevoir un code pour continuer",
  "1010021": "Se connecter avec une clé d’accès",
  "1010022": "Se connecter avec un mot de passe",
  "1010023": "Envoyer un code à {{address}}",

  // Registration.
  "1040001": "S’inscrire",
  password: { "1040001": "S’inscrire avec un mot de passe" },
  profile: { "1040001": "Continuer" },
  "1040002": "S’inscrire avec {{provider}}",
  "1040003": "Continuer",
  "1040004": "S’inscrire avec une clé de sécurité",
  "1040005": "Nous avons envoyé un code à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et réessayez.",
  "1040006": "S’inscrire avec un code envoyé par e-mail",
  "1040007": "S’inscrire avec une clé d’accès",
  "1040008": "Retour",
  "1040009": "Choisissez comment vous vous connecterez à votre nouveau compte.",

  // Account Settings.
  "1050001": "Vos modifications sont enregistrées.",
  "1050002": "Associer {{provider}}",
  "1050003": "Dissocier {{provider}}",
  "1050004": "Supprimer l’application d’authentification",
  "1050005": "QR code pour l’application d’authentification",
  "1050006": "{{secret}}",
  "1050007": "Afficher les codes de secours",
  "1050008": "Générer de nouveaux codes de secours",
  "1050009": "{{secret}}",
  "1050010": "Vos codes de secours. Conservez-les en lieu sûr : chacun ne sert qu’une fois.",
  "1050011": "Confirmer les codes de secours",
  "1050012": "Ajouter une clé de sécurité",
  "1050013": "Nom de la clé de sécurité",
  "1050014": `Utilisé le {{used_at, ${dateTime}}}`,
  "1050015": "Vos codes de secours",
  "1050016": "Désactiver les codes de secours",
  "1050017":
    "La clé secrète de votre application d’authentification. Saisissez-la dans l’application si vous ne pouvez pas scanner le QR code.",
  "1050018": "Supprimer la clé de sécurité « {{display_name}} »",
  "1050019": "Ajouter une clé d’accès",
  "1050020": `Supprimer la clé d’accès ajoutée le {{added_at, ${dateTime}}}`,

  // Recovery.
  "1060001": `Votre compte est récupéré. Changez votre mot de passe ou ajoutez une autre méthode de connexion avant le {{privileged_session_expires_at, ${dateTime}}}.`,
  invitation: {
    "1060001": `Bienvenue : votre invitation est acceptée. Choisissez votre mot de passe avant le {{privileged_session_expires_at, ${dateTime}}} pour terminer la configuration de votre compte.`,
  },
  "1060002":
    "Nous avons envoyé un lien de récupération à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et assurez-vous que c’est bien celle de votre inscription.",
  "1060003":
    "Nous avons envoyé un code de récupération à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et assurez-vous que c’est bien celle de votre inscription.",

  // Form fields and buttons of every flow.
  "1070001": "Mot de passe",
  "1070002": "{{title}}",
  "1070003": "Enregistrer",
  "1070004": "Identifiant",
  "1070005": "Envoyer",
  "1070006": "Vérifier le code",
  "1070007": "E-mail",
  "1070008": "Renvoyer le code",
  "1070009": "Continuer",
  "1070010": "Code de récupération",
  "1070011": "Code de vérification",
  "1070012": "Code d’inscription",
  "1070013": "Code de connexion",
  "1070014": "Se connecter et associer le compte",
  "1070015": "Résolvez le captcha pour continuer.",

  // Verification.
  "1080001":
    "Nous avons envoyé un lien de vérification à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et assurez-vous que c’est bien celle de votre inscription.",
  "1080002": "Votre adresse e-mail est vérifiée.",
  "1080003":
    "Nous avons envoyé un code de vérification à l’adresse e-mail saisie. S’il n’arrive pas, vérifiez l’adresse et assurez-vous que c’est bien celle de votre inscription.",

  // Errors in a field or a form.
  "4000001": "{{reason}}",
  "4000002": "Remplissez ce champ.",
  "4000003": "Saisissez au moins {{min_length}} caractères.",
  "4000004": "Saisissez une valeur au format attendu.",
  "4000005": "Vous ne pouvez pas utiliser ce mot de passe : {{reason}}.",
  breachCheck: {
    "4000005":
      "Nous ne pouvons pas vérifier ce mot de passe dans les fuites de données connues pour le moment. Réessayez dans quelques minutes.",
  },
  "4000006":
    "Les identifiants de connexion sont incorrects. Vérifiez que votre adresse e-mail et votre mot de passe ne contiennent pas de faute de frappe.",
  "4000007": "Un compte existe déjà avec cette adresse e-mail.",
  "4000008": "Ce code de votre application d’authentification n’est pas valide. Réessayez.",
  "4000009": "Votre compte n’a pas d’adresse e-mail avec laquelle vous connecter. Il peut s’agir d’une erreur de configuration du serveur.",
  "4000010": "Votre compte n’est pas encore actif. Vérifiez d’abord votre adresse e-mail.",
  "4000011": "Vous n’avez pas configuré d’application d’authentification.",
  "4000012": "Ce code de secours a déjà été utilisé.",
  "4000013": "Vous n’avez pas configuré de clé de sécurité.",
  "4000014": "Vous n’avez pas configuré de codes de secours.",
  "4000015": "Ce compte n’existe pas ou n’a pas de clé de sécurité configurée.",
  "4000016": "Ce code de secours n’est pas valide.",
  "4000017": "Saisissez au plus {{max_length}} caractères.",
  "4000018": "Saisissez une valeur supérieure ou égale à {{minimum}}.",
  "4000019": "Saisissez une valeur supérieure à {{minimum}}.",
  "4000020": "Saisissez une valeur inférieure ou égale à {{maximum}}.",
  "4000021": "Saisissez une valeur inférieure à {{maximum}}.",
  "4000022": "Saisissez un multiple de {{base}}.",
  "4000023": "Choisissez-en au plus {{max_items}}.",
  "4000024": "Choisissez-en au moins {{min_items}}.",
  "4000025": "Les entrées doivent toutes être différentes.",
  "4000026": "Cette valeur n’est pas du bon type.",
  "4000027": "Un compte existe déjà avec cette adresse e-mail. Connectez-vous d’abord à ce compte pour y associer votre compte externe.",
  "4000028": "Un autre compte utilise déjà cette adresse e-mail. Connectez-vous plutôt à ce compte.",
  "4000029": "Cette valeur n’est pas autorisée.",
  "4000030": "Cette valeur n’est pas autorisée.",
  "4000031": "Ce mot de passe ressemble trop à votre adresse e-mail.",
  "4000032": "Votre mot de passe doit contenir au moins {{min_length}} caractères.",
  "4000033": "Votre mot de passe peut contenir au plus {{max_length}} caractères.",
  "4000034": "Ce mot de passe figure dans une fuite de données. Choisissez-en un autre.",
  "4000035": "Ce compte n’existe pas ou n’a pas de connexion par code configurée.",
  "4000036": "Ces informations ne correspondent pas à celles que vous avez saisies plus tôt dans ce formulaire.",
  "4000037": "Ce compte n’existe pas ou n’a aucune méthode de connexion configurée.",
  "4000038": "La vérification du captcha a échoué. Réessayez.",

  // Errors of a whole flow.
  "4010001": `Cette page de connexion a expiré le {{expired_at, ${dateTime}}}. Réessayez.`,
  "4010002": "Nous n’avons pas pu déterminer comment vous souhaitez vous connecter. Vérifiez le formulaire et réessayez.",
  "4010003": "Nous n’avons pas pu déterminer comment vous souhaitez vous inscrire. Vérifiez le formulaire et réessayez.",
  "4010004": "Nous n’avons pas pu déterminer quel paramètre vous souhaitez modifier. Vérifiez le formulaire et réessayez.",
  "4010005": "Nous n’avons pas pu déterminer comment vous souhaitez récupérer votre compte. Vérifiez le formulaire et réessayez.",
  "4010006": "Nous n’avons pas pu déterminer comment vous souhaitez vérifier votre compte. Vérifiez le formulaire et réessayez.",
  "4010007": "Cette opération a déjà été effectuée et ne peut pas l’être à nouveau.",
  "4010008": "Ce code de connexion n’est pas valide ou a déjà été utilisé. Réessayez.",
  "4010009": "Les identifiants de connexion à associer ne correspondent pas.",
  "4010010": "Cette adresse n’appartient pas à votre compte.",
  "4040001": `Cette page d’inscription a expiré le {{expired_at, ${dateTime}}}. Réessayez.`,
  "4040002": "Cette opération a déjà été effectuée et ne peut pas l’être à nouveau.",
  "4040003": "Ce code d’inscription n’est pas valide ou a déjà été utilisé. Réessayez.",
  "4050001": `Cette page de paramètres a expiré le {{expired_at, ${dateTime}}}. Réessayez.`,
  "4060001": "Cette opération a déjà été effectuée et ne peut pas l’être à nouveau.",
  "4060002": "La récupération du compte a échoué. Recommencez.",
  "4060004": "Ce lien de récupération n’est pas valide ou a déjà été utilisé. Recommencez.",
  "4060005": `Cette page de récupération a expiré le {{expired_at, ${dateTime}}}. Réessayez.`,
  "4060006": "Ce code de récupération n’est pas valide ou a déjà été utilisé. Réessayez.",
  "4070001": "Ce lien de vérification n’est pas valide ou a déjà été utilisé. Recommencez.",
  "4070002": "Cette opération a déjà été effectuée et ne peut pas l’être à nouveau.",
  "4070003": "La vérification a échoué. Recommencez.",
  "4070005": `Cette page de vérification a expiré le {{expired_at, ${dateTime}}}. Réessayez.`,
  "4070006": "Ce code de vérification n’est pas valide ou a déjà été utilisé. Réessayez.",

  // A system error: Kratos' own reason, in English.
  "5000001": "{{reason}}",
} satisfies KratosCatalog;
