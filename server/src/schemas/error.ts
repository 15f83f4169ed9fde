import { Type, type Static } from "@sinclair/typebox";

/** Every error the portal's API answers has this shape. */
export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;
