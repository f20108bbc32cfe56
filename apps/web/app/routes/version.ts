/** The running build's id; browsers poll it to learn that a new version is out (SPEC §4). */
export function loader() {
  return Response.json({ version: __BUILD_ID__ }, { headers: { "cache-control": "no-store" } });
}
