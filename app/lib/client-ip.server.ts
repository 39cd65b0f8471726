/** The header our server sets from the socket (or a trusted proxy); a client cannot supply it. */
export const CLIENT_IP_HEADER = "x-relentless-client-ip";

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
