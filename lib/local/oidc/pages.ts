/** The local OpenID provider's own pages: its login (interaction) page, its set-up page and its error page. */
import { escapeHtml } from '../../../lambdas/domain/emails/layout';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;line-height:1.5}' +
  'label{display:block;font-weight:600;margin-bottom:.25rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}' +
  'button{font:inherit;padding:.4rem .9rem;margin-top:.5rem;cursor:pointer}ul{padding:0;list-style:none}li{margin:.25rem 0}' +
  '.error{color:#a40000;font-weight:600}dt{font-weight:600;margin-top:.5rem}dd{margin:0}code{word-break:break-all}';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;

export interface TestUser {
  email: string;
  name: string;
}

export const loginPage = (options: {
  action: string;
  abort: string;
  clientId: string;
  testUsers: readonly TestUser[];
  email?: string;
  error?: string;
}) =>
  layout(
    'Sign in — local OpenID provider',
    `<h1>Sign in</h1>
<p>The local OpenID provider (a stand-in for your company's identity provider) signs <code>${escapeHtml(options.clientId)}</code> in as whoever you say you are.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}"${
    options.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''
  }>
  ${options.error ? `<p id="email-error" class="error">${escapeHtml(options.error)}</p>` : ''}
  <button type="submit">Sign in</button>
</form>
<h2>Test users</h2>
<ul>
${options.testUsers
  .map(
    (user) =>
      `<li><form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="email" value="${escapeHtml(user.email)}">` +
      `<button type="submit">Sign in as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</button></form></li>`,
  )
  .join('\n')}
</ul>
<form method="post" action="${escapeHtml(options.abort)}"><button type="submit">Cancel</button></form>`,
  );

export const setupPage = (facts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  testUsers: readonly TestUser[];
  kids: string[];
}) =>
  layout(
    'Local OpenID provider',
    `<h1>Local OpenID provider</h1>
<p>To sign in with it, add an OpenID Connect provider in Company settings → Sign-in with these values:</p>
<dl>
  <dt>Issuer URL</dt><dd><code>${escapeHtml(facts.issuer)}</code></dd>
  <dt>Client ID</dt><dd><code>${escapeHtml(facts.clientId)}</code></dd>
  <dt>Client secret</dt><dd><code>${escapeHtml(facts.clientSecret)}</code></dd>
  <dt>Redirect URL (registered with it already)</dt><dd><code>${escapeHtml(facts.redirectUri)}</code></dd>
</dl>
<p>Its login page takes any e-mail address, and offers these test users: ${facts.testUsers.map((user) => escapeHtml(user.email)).join(', ')}.</p>
<p>Discovery: <a href="${escapeHtml(`${facts.issuer}/.well-known/openid-configuration`)}">${escapeHtml(`${facts.issuer}/.well-known/openid-configuration`)}</a>.
Signing keys (newest first): ${facts.kids.map((kid) => `<code>${escapeHtml(kid)}</code>`).join(', ')}.</p>
<h2>Controls for tests</h2>
<ul>
  <li><code>POST /_local/oidc/next-id-token</code> <code>{"claims": {"iss"?, "aud"?, "nonce"?, "exp"?, "iat"?}, "sign_with"?: "stranger"}</code>: the next token response's ID token carries these claims (null removes one), re-signed with the current key, or with a key that is not in the JWKS.</li>
  <li><code>POST /_local/oidc/rotate-keys</code> <code>{"drop_old"?: true}</code>: a new key signs from now on, listed first in the JWKS; the old ones stay listed unless dropped.</li>
</ul>`,
  );

export const errorPage = (out: Record<string, string>) =>
  layout(
    'Sign-in error — local OpenID provider',
    `<h1>Sign-in error</h1>
<dl>${Object.entries(out)
      .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd><code>${escapeHtml(String(value))}</code></dd>`)
      .join('')}</dl>`,
  );
