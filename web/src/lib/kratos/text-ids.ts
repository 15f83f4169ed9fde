// Kratos message ids the portal acts on (text/id.go of Kratos v1.3.1).
export const textIds = {
  /** A settings flow saved a change ("Your changes are saved."). */
  settingsSaved: 1050001,
  /** One unused backup code. */
  lookupSecret: 1050009,
  /** One backup code already used, with used_at in its context. */
  lookupSecretUsed: 1050014,
} as const;
