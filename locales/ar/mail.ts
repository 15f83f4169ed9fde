// The portal's security mails in Modern Standard Arabic, keyed by message id;
// the same shape as en/mail.ts.
import { browserName } from "#contract/devices.js";
import type { MailCatalog } from "../../server/src/mail/types.js";

const methodNames = {
  totp: "تطبيق مصادقة",
  webauthn: "مفتاح أمان",
  passkey: "مفتاح مرور",
  lookup_secret: "رموز احتياطية",
} as const;

// The address is followed by a space, not by Arabic punctuation a mail client could take for part of the link.
const notYou = (settingsUrl: string) =>
  `إذا لم تكن أنت من فعل ذلك، فسجّل الدخول على ${settingsUrl} وسجّل الخروج من كل مكان في قسم «النشاط الأمني الأخير»، ثم غيّر كلمة المرور فورًا.`;

export const mail: MailCatalog = {
  sign_in_new_device: {
    subject: "تسجيل دخول جديد إلى حسابك",
    text: ({ browser, version, os, ip, at, settingsUrl }) =>
      `سُجّل الدخول إلى حسابك من جهاز لم يُستخدم معه من قبل.\n\nالجهاز: ${browserName({ browser, version }) || "متصفح غير معروف"} على ${os || "نظام غير معروف"}\nعنوان IP: ${ip || "غير معروف"}\nالوقت: ${at}\n\n${notYou(settingsUrl)}`,
  },
  password_changed: {
    subject: "تم تغيير كلمة المرور",
    text: ({ at, settingsUrl }) => `تم تغيير كلمة مرور حسابك بتاريخ ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_added: {
    subject: "أُضيف عامل مصادقة ثانٍ إلى حسابك",
    text: ({ method, at, settingsUrl }) =>
      `أُضيف إلى حسابك عامل مصادقة ثانٍ جديد (${methodNames[method]}) بتاريخ ${at}.\n\n${notYou(settingsUrl)}`,
  },
  second_factor_removed: {
    subject: "أُزيل عامل مصادقة ثانٍ من حسابك",
    text: ({ method, at, settingsUrl }) => `أُزيل من حسابك عامل مصادقة ثانٍ (${methodNames[method]}) بتاريخ ${at}.\n\n${notYou(settingsUrl)}`,
  },
  email_changed: {
    subject: "تم تغيير عنوان بريدك الإلكتروني",
    text: ({ from, to, at, settingsUrl }) =>
      `تم تغيير عنوان البريد الإلكتروني لحسابك من ${from} إلى ${to} بتاريخ ${at}. ستصل الرسائل المتعلقة بحسابك من الآن إلى ${to}.\n\n${notYou(settingsUrl)}`,
  },
  provider_linked: {
    subject: "تم ربط خدمة تسجيل دخول بحسابك",
    text: ({ provider, at, settingsUrl }) =>
      `يمكنك الآن تسجيل الدخول إلى حسابك عبر ${provider}: تم الربط في ${at}.\n\n${notYou(settingsUrl)}`,
  },
  provider_unlinked: {
    subject: "تم إلغاء ربط خدمة تسجيل دخول بحسابك",
    text: ({ provider, at, settingsUrl }) =>
      `تم إلغاء ربط ${provider} بحسابك في ${at}: لم يعد بالإمكان تسجيل الدخول به.\n\n${notYou(settingsUrl)}`,
  },
  recovery_used: {
    subject: "تم استرداد حسابك",
    text: ({ at, settingsUrl }) => `استعاد شخص ما الوصول إلى حسابك باستخدام رمز استرداد بتاريخ ${at}.\n\n${notYou(settingsUrl)}`,
  },
  sign_in_locked: {
    subject: "تم إيقاف تسجيل الدخول إلى حسابك مؤقتًا",
    text: ({ at, until, recoveryUrl }) =>
      `بتاريخ ${at} جُرّبت كلمات مرور خاطئة كثيرة على حسابك، لذا أُوقف تسجيل الدخول بكلمة المرور حتى ${until} في كل متصفح لم تسجّل الدخول منه من قبل. لم تُكشف كلمة مرورك، وما زال بإمكان المتصفحات التي تستخدمها تسجيل الدخول.\n\nإن كنت أنت: انتظر حتى ${until}، أو عيّن كلمة مرور جديدة برمز يُرسل إلى هذا العنوان عبر ${recoveryUrl}\n\nإن لم تكن أنت: ربما يعرف أحدهم عنوانك ويحاول التخمين. اختر كلمة مرور طويلة لا تستخدمها في أي مكان آخر، وأضف عاملًا ثانيًا في إعدادات حسابك.`,
  },
  account_deleted: {
    subject: "تم حذف حسابك",
    text: ({ at }) =>
      `حُذف حسابك بتاريخ ${at} بناءً على طلبك. انتهت جلساته، وفقدت التطبيقات التي ربطتها صلاحية وصولها. ولا يمكن استعادة أي شيء منه.\n\nإذا لم تطلب ذلك، فردّ على هذه الرسالة.`,
  },
  account_deleted_by_admin: {
    subject: "تم حذف حسابك",
    text: ({ at }) =>
      `حذف أحد المسؤولين حسابك بتاريخ ${at}. انتهت جلساته، وفقدت التطبيقات التي ربطتها صلاحية وصولها. ولا يمكن استعادة أي شيء منه.\n\nإذا لم تكن تتوقع ذلك، فردّ على هذه الرسالة.`,
  },
  role_granted: {
    subject: "مُنح حسابك دورًا في البوابة",
    text: ({ role, at, settingsUrl }) =>
      `منح أحد المسؤولين حسابك الدور «${role}» بتاريخ ${at}. سيظهر الدور عندما تفتح البوابة على ${settingsUrl} في المرة القادمة.\n\nإذا لم تكن تتوقع ذلك، فردّ على هذه الرسالة.`,
  },
  role_revoked: {
    subject: "سُحب منك دور في البوابة",
    text: ({ role, at, settingsUrl }) =>
      `سحب أحد المسؤولين الدور «${role}» من حسابك بتاريخ ${at}. سيظهر هذا التغيير عندما تفتح البوابة على ${settingsUrl} في المرة القادمة.\n\nإذا لم تكن تتوقع ذلك، فردّ على هذه الرسالة.`,
  },
  account_deactivated: {
    subject: "تم تعطيل حسابك",
    text: ({ at }) =>
      `عطّل أحد المسؤولين حسابك بتاريخ ${at}. سُجّل خروجه من كل مكان، ولا يمكنه تسجيل الدخول حتى يُعاد تفعيله.\n\nإذا لم تكن تتوقع ذلك، فردّ على هذه الرسالة.`,
  },
  account_reactivated: {
    subject: "أُعيد تفعيل حسابك",
    text: ({ at, settingsUrl }) => `أعاد أحد المسؤولين تفعيل حسابك بتاريخ ${at}. يمكنك الآن تسجيل الدخول على ${settingsUrl} مرة أخرى.`,
  },
  footer: {
    support: (contact) => `المساعدة: ${contact}`,
  },
  /** A security mail's one-time undo link (server/src/services/undo.ts), below the mail's text. */
  undo: (link) =>
    `ألم تُجرِ هذا التغيير؟ تراجَع عنه بهذا الرابط، مرة واحدة وخلال 7 أيام: ${link}\nالتراجع يُخرج حسابك من كل الأجهزة، ويلغي ما تغيّر منذ ذلك الحين، ويرسل إليك رمزًا لاختيار كلمة مرور جديدة.`,
  change_undone: {
    subject: "تم التراجع عن التغيير في حسابك",
    text: ({ at, code, link, until }) =>
      `تم التراجع عن تغيير في حسابك بتاريخ ${at} من الرابط الوارد في رسالتنا. خرج الحساب من كل الأجهزة، وعادت رسائله إلى هذا العنوان، وأُزيل ما أُضيف منذ التغيير.\n\nرمز الاسترداد: ${code}\n\nأدخله في ${link} قبل ${until}، ثم اختر كلمة مرور جديدة. إذا انتهت صلاحية الرمز، فاطلب رمزًا جديدًا من صفحة الاسترداد بهذا العنوان.`,
  },
  invitation: {
    subject: "أنت مدعو إلى حساب",
    text: ({ inviter, site, until, link }) =>
      `دعاك ${inviter} إلى حساب على ${site}.\n\nافتح هذا الرابط لقبول الدعوة واختيار كلمة المرور:\n${link}\n\nيعمل الرابط مرة واحدة حتى ${until}. إذا انتهت صلاحيته فاطلب رابطًا جديدًا من ${inviter}. إذا لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة: لن يحدث شيء دونك.`,
  },
  invitation_accepted: {
    subject: "قُبلت دعوتك",
    text: ({ invitee, at, usersUrl }) => `قبل ${invitee} دعوتك في ${at} ويمكنه الآن تسجيل الدخول.\n\nإدارة المستخدمين: ${usersUrl}`,
  },
  /** The product's name, above and below every mail, when the operator gave none (docs/branding.md). */
  productName: "الحساب",
  /** Kratos' code mails: npm run courier-templates writes config/kratos/courier-templates from these. */
  kratos: {
    recovery_code: {
      subject: "استعادة الوصول إلى حسابك",
      code: (code) => `رمزك لاستعادة الوصول إلى حسابك: ${code}`,
      text: "أدخله في صفحة الاستعادة. إن لم تطلب استعادة حسابك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.",
    },
    verification_code: {
      subject: "تأكيد عنوان بريدك الإلكتروني",
      code: (code) => `رمزك لتأكيد عنوان البريد الإلكتروني هذا: ${code}`,
      text: "أدخله في الصفحة التي طلبته منها. إن لم تطلبه، يمكنك تجاهل هذه الرسالة.",
      link: (link) => `أو افتح هذا الرابط، ولو من جهاز آخر: ${link}`,
    },
    login_code: {
      subject: "رمز تسجيل الدخول",
      code: (code) => `رمزك لتسجيل الدخول: ${code}`,
      text: "أدخله في صفحة تسجيل الدخول. إن لم تحاول تسجيل الدخول، يمكنك تجاهل هذه الرسالة.",
    },
    registration_code: {
      subject: "رمزك لإنشاء حساب",
      code: (code) => `رمزك لإكمال إنشاء حسابك: ${code}`,
      text: "أدخله في صفحة إنشاء الحساب. إن لم تحاول إنشاء حساب، يمكنك تجاهل هذه الرسالة.",
    },
  },
};
