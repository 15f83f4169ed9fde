// An IP address as the portal shows it in a mail or a page: the address Kratos
// recorded for a sign-in, only if it is one, in its usual form (an IPv4
// address mapped into IPv6 as IPv4); "" otherwise, which the catalogs word.
// Kratos takes it from forwarding headers: text, like a user agent.
import ipaddr from "ipaddr.js";

export function ipAddressOf(value: string | undefined): string {
  return value !== undefined && ipaddr.isValid(value) ? ipaddr.process(value).toString() : "";
}
