/**
 * The pro-targeting site's origin (SPEC §1: the flavour is chosen by a host containing the pro
 * targeting domain): PUBLIC_URL's host under `pro.` (https://murmur.example →
 * https://pro.murmur.example, http://localhost:3000 → http://pro.localhost:3000, the web app's
 * default pro domain). Links in the site's mails point here, so they open the pro site on any
 * deployment, not only on a staging host that honours `?flavour=pro`.
 */
export function proOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//pro.${url.host}`;
}

/** The pro-targeting site's name, the author of the documents it writes (PDF metadata). */
export const PRO_AUTHOR = 'Targeting Toolkit';
