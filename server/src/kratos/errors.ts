// The /kratos proxy's words for a Kratos outage. routes/kratos-proxy.ts is
// being rewritten on another branch and imports this; once that lands it can
// take unavailableMessage("kratos") from plugins/error-handler.ts directly.
import { unavailableMessage as upstreamUnavailable } from "../plugins/error-handler.js";

export const unavailableMessage = upstreamUnavailable("kratos");
