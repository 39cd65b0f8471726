/** The answer of an endpoint that takes POST only, to a GET or any other method: 405 with `Allow: POST`, never stored. */
export function onlyPost(): Response {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
